/// A live Mettler Toledo 8217 scale: runs ``Toledo8217WeighingStateMachine`` weighings over a serial
/// ``ByteTransport``.
///
/// The actor only executes what the state machine asks; its timers run on the injected clock. The checkout
/// calls ``weigh()`` when a product sold by weight is scanned, then prices the line with ``WeighedLine``.
///
/// ```swift
/// let scale = Toledo8217Scale(transport: LiveDeviceTransports.transport(for: address), address: address)
/// try await scale.open()
/// let weight = try await scale.weigh()                                   // 1234 g, stable
/// let line = WeighedLine(weight, unitPrice: Money(minorUnits: 1299, currency: .eur))   // 16.03 EUR
/// ```
public actor Toledo8217Scale {
    /// The scale's address.
    public nonisolated let address: DeviceAddress
    let transport: any ByteTransport
    let clock: any Clock<Duration>
    let configuration: Toledo8217WeighingStateMachine.Configuration

    var channel: TransportChannel?
    var machine: Toledo8217WeighingStateMachine
    var timers = DriverTimers<Toledo8217WeighingStateMachine.Timer>()
    var pending: CheckedContinuation<Result<ScaleWeight, ScaleError>, Never>?

    /// Creates a driver; nothing is opened until ``open()``.
    public init(
        transport: any ByteTransport, address: DeviceAddress, clock: any Clock<Duration> = ContinuousClock(),
        configuration: Toledo8217WeighingStateMachine.Configuration = .standard
    ) {
        self.transport = transport
        self.address = address
        self.clock = clock
        self.configuration = configuration
        machine = Toledo8217WeighingStateMachine(configuration: configuration)
    }

    /// True while the line is open and has not failed.
    public var isConnected: Bool { channel != nil }

    /// Opens the line.
    ///
    /// - Throws: ``ScaleError`` with code `.lineFailed`.
    public func open() async throws(ScaleError) {
        guard channel == nil else { return }
        do { try await transport.open() } catch {
            throw ScaleError(line: error)
        }
        channel = TransportChannel(
            transport: transport,
            onBytes: { [weak self] bytes in await self?.received(bytes) },
            onFailure: { [weak self] error in await self?.lineFailed(error.code.rawValue) }
        )
    }

    /// Closes the line; a weighing under way ends with `.lineFailed`.
    public func close() async {
        let open = channel
        channel = nil
        perform(machine.transportFailed("closed by the counter"))
        timers.cancelAll()
        await open?.stop()
    }

    /// Reads one stable, positive weight (opening the line first if needed).
    ///
    /// - Throws: ``ScaleError``: `.zero`, `.unstable`, `.underZero`, `.overCapacity`, `.zeroError`, `.wrongUnit`,
    ///   `.noAnswer`, `.unreadable`, `.busy`, `.lineFailed` or `.cancelled`.
    public func weigh() async throws(ScaleError) -> ScaleWeight {
        if channel == nil { try await open() }
        guard pending == nil else { throw ScaleError(.busy) }
        machine = Toledo8217WeighingStateMachine(configuration: configuration)
        let actions = try machine.start()
        let result = await withCheckedContinuation { continuation in
            pending = continuation
            perform(actions)
        }
        return try result.get()
    }

    /// Gives up the weighing under way (it ends with `.cancelled`).
    public func cancel() {
        perform(machine.cancel())
    }

    // MARK: - Executing state-machine actions

    private func perform(_ actions: [Toledo8217WeighingStateMachine.Action]) {
        for action in actions {
            switch action {
            case .send(let bytes):
                channel?.send(bytes)
            case .startTimer(let timer, let duration):
                timers.start(timer, after: duration, clock: clock) { [weak self] timer, generation in
                    await self?.timerFired(timer, generation: generation)
                }
            case .cancelTimer(let timer):
                timers.cancel(timer)
            case .finish(let result):
                guard let continuation = pending else { continue }
                pending = nil
                continuation.resume(returning: result)
            }
        }
    }

    private func received(_ bytes: [UInt8]) {
        perform(machine.bytesReceived(bytes))
    }

    private func timerFired(_ timer: Toledo8217WeighingStateMachine.Timer, generation: UInt64) {
        guard timers.fired(timer, generation: generation) else { return }
        perform(machine.timerFired(timer))
    }

    private func lineFailed(_ cause: String) async {
        let open = channel
        channel = nil
        perform(machine.transportFailed(cause))
        timers.cancelAll()
        await open?.stop()
    }
}
