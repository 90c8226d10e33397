import POSFoundation

/// A live Concert E+ terminal (Ingenico and others, "Caisse AP"): runs ``ConcertSessionStateMachine``
/// sessions over a serial ``ByteTransport`` (TTY or USB CDC-ACM).
///
/// The actor only executes what the state machine asks; the one session timer runs on the injected clock.
/// Concert has no abort and no status enquiry: once the terminal holds the request, only its keypad cancels.
public actor ConcertCardReader {
    /// How a session ended.
    public enum SessionResult: Hashable, Sendable {
        /// The terminal answered (approved, declined or not completed, as the answer says).
        case answered(ConcertAnswer)
        /// Failed before the request reached the terminal: nothing was charged.
        case failed(ConcertError)
        /// The request may have reached the terminal and no usable answer came back.
        case outcomeUnknown(ConcertError)
    }

    /// The reader's address.
    public nonisolated let address: ReaderAddress
    /// The checkout number sent in every request (0–99).
    public let posNumber: Int
    let transport: any ByteTransport
    let clock: any Clock<Duration>
    let configuration: ConcertSessionConfiguration

    var channel: TransportChannel?
    var machine: ConcertSessionStateMachine
    var timers = DriverTimers<ConcertSessionStateMachine.Timer>()
    var pending: CheckedContinuation<SessionResult, Never>?

    /// Creates a driver; nothing is opened until ``open()``.
    public init(
        transport: any ByteTransport, address: ReaderAddress, posNumber: Int = 1,
        clock: any Clock<Duration> = ContinuousClock(), configuration: ConcertSessionConfiguration = .standard
    ) {
        self.transport = transport
        self.address = address
        self.posNumber = posNumber
        self.clock = clock
        self.configuration = configuration
        machine = ConcertSessionStateMachine(configuration: configuration)
    }

    /// True while the transport is open and has not failed.
    public var isConnected: Bool { channel != nil }

    /// Opens the transport (Concert has no registration).
    ///
    /// - Throws: ``CardReaderError`` in phase `.connection`.
    public func open() async throws(CardReaderError) {
        guard channel == nil else { return }
        do { try await transport.open() } catch {
            throw CardReaderError(phase: .connection, underlying: .transportFailed, transportError: error)
        }
        channel = TransportChannel(
            transport: transport,
            onBytes: { [weak self] bytes in await self?.received(bytes) },
            onFailure: { [weak self] error in await self?.lineFailed(error.code.rawValue) }
        )
    }

    /// Closes the transport; a running session ends as the state machine decides for a dropped line.
    public func close() async {
        let open = channel
        channel = nil
        perform(machine.transportFailed("closed by the counter"))
        timers.cancelAll()
        await open?.stop()
    }

    /// Runs one session for a request.
    public func run(_ request: ConcertRequest) async -> SessionResult {
        guard pending == nil else { return .failed(ConcertError(code: .sessionBusy, phase: .handshake)) }
        guard channel != nil else { return .failed(ConcertError(code: .transportFailed, phase: .handshake)) }
        machine = ConcertSessionStateMachine(configuration: configuration)
        let actions: [ConcertSessionStateMachine.Action]
        do { actions = try machine.start(request) } catch { return .failed(error) }
        return await withCheckedContinuation { continuation in
            pending = continuation
            perform(actions)
        }
    }

    /// Cancels the session if the request has not left yet; afterwards it does nothing.
    public func cancelSession() {
        perform(machine.cancel())
    }

    // MARK: - Executing state-machine actions

    private func perform(_ actions: [ConcertSessionStateMachine.Action]) {
        for action in actions {
            switch action {
            case .send(let bytes):
                channel?.send(bytes)
            case .startTimer(let timer, let duration):
                timers.cancelAll()
                timers.start(timer, after: duration, clock: clock) { [weak self] timer, generation in
                    await self?.timerFired(timer, generation: generation)
                }
            case .cancelTimer:
                timers.cancelAll()
            case .complete(let answer):
                finish(.answered(answer))
            case .fail(let error):
                finish(.failed(error))
            case .outcomeUnknown(let error):
                finish(.outcomeUnknown(error))
            }
        }
    }

    private func finish(_ result: SessionResult) {
        guard let continuation = pending else { return }
        pending = nil
        continuation.resume(returning: result)
    }

    private func received(_ bytes: [UInt8]) {
        perform(machine.bytesReceived(bytes))
    }

    private func timerFired(_ timer: ConcertSessionStateMachine.Timer, generation: UInt64) {
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
