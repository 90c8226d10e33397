import Localization
import Logging
import POSFoundation

/// The ``CardReaderService`` that drives ZVT and Concert terminals through ``CardReaderDriver`` actors.
///
/// It keeps one connected reader, runs one operation at a time on it, and turns driver callbacks into the
/// service's streams. Protocol decisions stay in the drivers' state machines; this type only routes.
public actor DefaultCardReaderService: CardReaderService {
    /// Builds a driver for an address.
    public typealias DriverFactory = @Sendable (ReaderAddress) throws(CardReaderError) -> any CardReaderDriver
    /// Identifies a USB device as a known terminal, or returns `nil` for anything else.
    public typealias DeviceIdentifier = @Sendable (USBDeviceIdentity) -> CardReaderDescriptor?

    private let makeDriver: DriverFactory
    private let monitor: (any DeviceMonitor)?
    private let identify: DeviceIdentifier
    private let configuredReaders: [CardReaderDescriptor]
    private let discovered: Broadcast<[CardReaderDescriptor]>
    private let connected = Broadcast<[CardReaderDescriptor]>(replaysLatest: true, initial: [])
    let events = Broadcast<CardReaderEvent>(replaysLatest: false)
    private var usbReaders: [USBDeviceIdentity: CardReaderDescriptor] = [:]
    private var monitorTask: Task<Void, Never>?
    private var driver: (any CardReaderDriver)?
    private var descriptor: CardReaderDescriptor?

    /// Creates a service over a driver factory.
    public init(
        makeDriver: @escaping DriverFactory, monitor: (any DeviceMonitor)? = nil,
        identify: @escaping DeviceIdentifier = { _ in nil }, configuredReaders: [CardReaderDescriptor] = []
    ) {
        self.makeDriver = makeDriver
        self.monitor = monitor
        self.identify = identify
        self.configuredReaders = configuredReaders
        discovered = Broadcast(replaysLatest: true, initial: configuredReaders)
    }

    /// Creates a service that builds ZVT and Concert drivers on the transports `makeTransport` opens.
    ///
    /// `zvt+tcp` speaks bare APDUs; `zvt+serial` and `zvt+usb` frame them; `concert+…` is serial; `sim://`
    /// is taken as a ZVT terminal on whatever transport the factory gives for it.
    public init(
        makeTransport: @escaping @Sendable (ReaderAddress) throws -> any ByteTransport, currency: Currency,
        clock: any Clock<Duration> = ContinuousClock(), monitor: (any DeviceMonitor)? = nil,
        identify: @escaping DeviceIdentifier = { _ in nil }, configuredReaders: [CardReaderDescriptor] = [],
        matcher: UnknownOutcomeMatcher = UnknownOutcomeMatcher(), zvtTimeouts: ZVTTimeouts = .standard,
        logger: Logger? = nil
    ) {
        self.init(
            makeDriver: Self.standardDrivers(makeTransport: makeTransport, currency: currency, clock: clock, matcher: matcher,
                                             zvtTimeouts: zvtTimeouts, logger: logger),
            monitor: monitor, identify: identify, configuredReaders: configuredReaders
        )
    }

    /// The driver factory for ZVT and Concert over the given transports.
    public static func standardDrivers(
        makeTransport: @escaping @Sendable (ReaderAddress) throws -> any ByteTransport, currency: Currency,
        clock: any Clock<Duration>, matcher: UnknownOutcomeMatcher = UnknownOutcomeMatcher(),
        zvtTimeouts: ZVTTimeouts = .standard, logger: Logger? = nil
    ) -> DriverFactory {
        { address throws(CardReaderError) in
            let transport: any ByteTransport
            do { transport = try makeTransport(address) } catch {
                throw CardReaderError(
                    phase: .connection, underlying: .transportFailed,
                    transportError: error as? TransportError
                        ?? TransportError(.ioFailure, endpoint: address.description, underlying: "\(error)")
                )
            }
            switch (address.terminalProtocol, address.link) {
            case (.concert, _):
                return ConcertCardReader(transport: transport, address: address, clock: clock)
            case (_, .tcp), (.simulator, _):
                return ZVTCardReader(transport: transport, framing: .bareAPDU, address: address, currency: currency, clock: clock,
                                     timeouts: zvtTimeouts, matcher: matcher, logger: logger)
            case (.zvt, _):
                return ZVTCardReader(transport: transport, framing: .serial, address: address, currency: currency, clock: clock,
                                     timeouts: zvtTimeouts, matcher: matcher, logger: logger)
            }
        }
    }

    // MARK: - Readers

    public nonisolated func discoveredReaders() -> AsyncStream<[CardReaderDescriptor]> {
        Task { await self.startMonitoring() }
        return discovered.subscribe()
    }

    public nonisolated func connectedReaders() -> AsyncStream<[CardReaderDescriptor]> { connected.subscribe() }

    public nonisolated func readerEvents() -> AsyncStream<CardReaderEvent> { events.subscribe() }

    /// Reads the devices present and follows the monitor's events (once; later calls do nothing).
    public func startMonitoring() async {
        guard monitorTask == nil, let monitor else { return }
        if let present = try? await monitor.currentDevices() {
            for device in present { deviceAdded(device) }
        }
        let stream = monitor.events()
        monitorTask = Task { [weak self] in
            for await event in stream {
                switch event {
                case .added(let device): await self?.deviceAdded(device)
                case .removed(let device): await self?.deviceRemoved(device)
                }
            }
        }
    }

    private func deviceAdded(_ device: USBDeviceIdentity) {
        guard usbReaders[device] == nil, let reader = identify(device) else { return }
        usbReaders[device] = reader
        publishDiscovered()
        events.send(.appeared(reader))
    }

    private func deviceRemoved(_ device: USBDeviceIdentity) {
        guard let reader = usbReaders.removeValue(forKey: device) else { return }
        publishDiscovered()
        events.send(.disappeared(reader))
    }

    private func publishDiscovered() {
        let usb = usbReaders.values.sorted { $0.address.description < $1.address.description }
        discovered.send(configuredReaders + usb)
    }

    // MARK: - Connection

    public func connect(_ address: ReaderAddress) async throws(CardReaderError) -> CardReaderDescriptor {
        await disconnect()
        let newDriver = try makeDriver(address)
        let report = try await newDriver.connect()
        let known = (configuredReaders + usbReaders.values).first { $0.address == address }
        let reader = CardReaderDescriptor(
            address: address, name: known?.name ?? Self.defaultName(address), terminalID: report.terminalID
        )
        driver = newDriver
        descriptor = reader
        connected.send([reader])
        events.send(.connected(reader))
        return reader
    }

    public func disconnect() async {
        guard let current = driver else { return }
        driver = nil
        await current.disconnect()
        if let reader = descriptor {
            descriptor = nil
            connected.send([])
            events.send(.disconnected(reader, unexpectedly: false))
        }
    }

    /// The connected driver, if any.
    func connectedDriver() -> (any CardReaderDriver)? { driver }

    /// Passes an event to every reader-events subscriber.
    nonisolated func readerEventSink() -> @Sendable (CardReaderEvent) -> Void {
        { [events] event in events.send(event) }
    }

    private static func defaultName(_ address: ReaderAddress) -> String {
        switch address.terminalProtocol {
        case .zvt: L10n.tr("reader.defaultName.zvt")
        case .concert: L10n.tr("reader.defaultName.concert")
        case .simulator: L10n.tr("reader.defaultName.simulator")
        }
    }
}
