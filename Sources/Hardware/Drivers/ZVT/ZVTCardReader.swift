import Logging
import POSFoundation

/// A live ZVT terminal: runs ``ZVTTransactionStateMachine`` exchanges over a ``ByteTransport``.
///
/// Over TCP APDUs travel bare; over a serial line (a TTY or USB CDC-ACM) each APDU is framed and
/// acknowledged by ``ZVTSerialLink``. The actor only executes what the state machines ask (write, start or
/// cancel a timer, report); every protocol decision stays in them. Timers run on the injected clock.
///
/// ```swift
/// let reader = ZVTCardReader(transport: tcp, framing: .bareAPDU, address: address, currency: .eur)
/// try await reader.open()                               // connects and registers (config BE)
/// let result = await reader.run(.authorization(ZVTAuthorization(amount: total))) { event in show(event) }
/// ```
public actor ZVTCardReader {
    /// How APDUs travel on the transport.
    public enum Framing: Hashable, Sendable {
        /// TCP: bare APDUs.
        case bareAPDU
        /// Serial: `DLE STX … DLE ETX CRC` frames with ACK/NAK.
        case serial
    }

    /// Something to show while an exchange runs.
    public enum Event: Hashable, Sendable {
        /// A prompt from the terminal (04 FF).
        case prompt(CardReaderPrompt)
        /// A receipt line (06 D1 / 06 D3).
        case printLine(TerminalPrintLine)
    }

    /// How an exchange ended.
    public enum ExchangeResult: Hashable, Sendable {
        /// Completed; for a payment the outcome holds its ``PaymentResult``.
        case completed(ZVTTransactionOutcome)
        /// Failed, and no money moved.
        case failed(CardReaderError)
        /// Money may have moved: resolve with Status Enquiry and Repeat Receipt.
        case outcomeUnknown(ZVTUnresolvedTransaction)
    }

    enum TimerKey: Hashable, Sendable {
        case machine(ZVTTransactionStateMachine.Timer)
        case linkAcknowledge
        case interByte
        case frameCompletion
    }

    /// The reader's address.
    public nonisolated let address: ReaderAddress
    /// How APDUs travel.
    public nonisolated let framing: Framing
    let transport: any ByteTransport
    let clock: any Clock<Duration>
    let timeouts: ZVTTimeouts
    let defaultCurrency: Currency
    let registration: ZVTRegistration?
    let password: ZVTPassword
    /// How an unknown outcome is matched against the terminal's last transaction.
    let matcher: UnknownOutcomeMatcher
    /// Where the driver notes, with its internal case names, why an outcome was open and how it was settled.
    let logger: Logger?

    var channel: TransportChannel?
    var machine: ZVTTransactionStateMachine
    var link: ZVTSerialLink
    var frameParser = ZVTSerialFrameParser()
    var apduParser = ZVTAPDUParser()
    var timers = DriverTimers<TimerKey>()
    var queuedAPDUs: [ZVTAPDU] = []
    /// The running exchange's command, and whether the frame the serial link now sends is that command (a NAK
    /// to every copy of it means the terminal never took it; an earlier or later frame says nothing about it).
    var commandAPDU: ZVTAPDU?
    var linkFrameIsCommand = false
    var pending: (continuation: CheckedContinuation<ExchangeResult, Never>, onEvent: @Sendable (Event) -> Void)?
    /// The receipt number of the last transaction seen completing, for resolving an unknown outcome.
    var lastReceiptNumber: Int?

    /// Creates a driver; nothing is opened until ``open()``.
    ///
    /// - Parameters:
    ///   - registers: Whether ``open()`` sends Registration (06 00).
    ///   - registration: The Registration to send; the default registers with config `BE` (receipts come to the
    ///     counter as 06 D1 / 06 D3, with live prompts) and the counter's currency.
    public init(
        transport: any ByteTransport, framing: Framing, address: ReaderAddress, currency: Currency,
        clock: any Clock<Duration> = ContinuousClock(), timeouts: ZVTTimeouts = .standard,
        password: ZVTPassword = .zero, registers: Bool = true, registration: ZVTRegistration? = nil,
        matcher: UnknownOutcomeMatcher = UnknownOutcomeMatcher(), logger: Logger? = nil
    ) {
        self.matcher = matcher
        self.logger = logger
        self.transport = transport
        self.framing = framing
        self.address = address
        self.defaultCurrency = currency
        self.clock = clock
        self.timeouts = timeouts
        self.password = password
        self.registration = !registers ? nil : registration ?? ZVTRegistration(
            password: password, config: .counterPrints, currency: currency, tlv: ZVTRegistration.receiptTLV()
        )
        machine = ZVTTransactionStateMachine(currency: currency, timeouts: timeouts)
        link = ZVTSerialLink(acknowledgeTimeout: timeouts.acknowledge)
    }

    /// True while the transport is open and has not failed.
    public var isConnected: Bool { channel != nil }

    /// Opens the transport and registers.
    ///
    /// - Returns: What the Registration's Completion reported (the terminal ID).
    /// - Throws: ``CardReaderError`` in phase `.connection` when the transport does not open, `.registration`
    ///   when the terminal refuses.
    @discardableResult
    public func open() async throws(CardReaderError) -> ZVTTransactionOutcome? {
        if channel == nil {
            do { try await transport.open() } catch {
                throw CardReaderError(phase: .connection, underlying: .transportFailed, transportError: error)
            }
            resetLink()
            channel = TransportChannel(
                transport: transport,
                onBytes: { [weak self] bytes in await self?.received(bytes) },
                onFailure: { [weak self] _ in await self?.lineFailed() }
            )
        }
        guard let registration else { return nil }
        switch await run(.registration(registration)) {
        case .completed(let outcome): return outcome
        case .failed(let error): throw error
        case .outcomeUnknown: throw CardReaderError(phase: .registration, underlying: .timedOut)
        }
    }

    /// Closes the transport; a running exchange ends as the state machine decides for a dropped line.
    public func close() async {
        let open = channel
        channel = nil
        perform(machine.transportFailed())
        timers.cancelAll()
        await open?.stop()
    }

    /// Runs one exchange and returns how it ended; prompts and receipt lines go to `onEvent` as they arrive.
    public func run(
        _ command: ZVTCommand, onEvent: @escaping @Sendable (Event) -> Void = { _ in }
    ) async -> ExchangeResult {
        if command == .abort {
            requestAbort()
            return .completed(ZVTTransactionOutcome(command: command.code))
        }
        guard pending == nil else { return .failed(CardReaderError(phase: command.phase, underlying: .busy)) }
        guard channel != nil else { return .failed(CardReaderError(phase: command.phase, underlying: .transportFailed)) }
        machine = ZVTTransactionStateMachine(currency: Self.currency(of: command) ?? defaultCurrency, timeouts: timeouts)
        let actions: [ZVTTransactionStateMachine.Action]
        do { actions = try machine.start(command) } catch { return .failed(error) }
        commandAPDU = actions.lazy.compactMap { if case .send(let apdu) = $0 { apdu } else { nil } }.first
        let result = await withCheckedContinuation { continuation in
            pending = (continuation, onEvent)
            perform(actions)
        }
        if case .completed(let outcome) = result, let receipt = outcome.payment?.receiptNumber {
            lastReceiptNumber = receipt
        }
        return result
    }

    /// Asks the terminal to abort the running exchange (06 B0). Too late, and the exchange completes normally.
    public func requestAbort() {
        perform(machine.requestAbort())
    }

    // MARK: - Executing state-machine actions

    func perform(_ actions: [ZVTTransactionStateMachine.Action]) {
        for action in actions {
            switch action {
            case .send(let apdu):
                send(apdu)
            case .startTimer(let timer, let duration):
                startTimer(.machine(timer), after: duration)
            case .cancelTimer(let timer):
                timers.cancel(.machine(timer))
            case .emitPrompt(let prompt):
                pending?.onEvent(.prompt(prompt))
            case .emitPrintLine(let line):
                pending?.onEvent(.printLine(line))
            case .complete(let outcome):
                finish(.completed(outcome))
            case .fail(let error):
                finish(.failed(error))
            case .outcomeUnknown(let unresolved):
                finish(.outcomeUnknown(unresolved))
            }
        }
    }

    private func finish(_ result: ExchangeResult) {
        guard let current = pending else { return }
        pending = nil
        current.continuation.resume(returning: result)
    }

    func startTimer(_ key: TimerKey, after duration: Duration) {
        timers.start(key, after: duration, clock: clock) { [weak self] key, generation in
            await self?.timerFired(key, generation: generation)
        }
    }

    func timerFired(_ key: TimerKey, generation: UInt64) {
        guard timers.fired(key, generation: generation) else { return }
        switch key {
        case .machine(let timer): perform(machine.timerFired(timer))
        case .linkAcknowledge: performLink(link.acknowledgeTimerFired())
        case .interByte:
            if frameParser.interByteTimeoutElapsed() { performLink(link.frameStalled(silentFor: timeouts.interByte)) }
        case .frameCompletion:
            if apduParser.frameCompletionTimeoutElapsed() {
                perform(machine.messageCutShort(silentFor: timeouts.frameCompletionLimit))
            }
        }
    }

    /// The line failed (read or write error, peer closed, serial link gave up).
    func lineFailed() async {
        let open = channel
        channel = nil
        perform(machine.transportFailed())
        timers.cancelAll()
        await open?.stop()
    }

    private static func currency(of command: ZVTCommand) -> Currency? {
        switch command {
        case .authorization(let authorization): authorization.amount.currency
        case .refund(_, let amount): amount.currency
        default: nil
        }
    }
}
