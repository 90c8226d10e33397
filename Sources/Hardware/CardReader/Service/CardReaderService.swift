import POSFoundation

/// The card readers as the rest of the app sees them: which exist, which is connected, and the operations
/// on the connected one. Protocol, transport and state machines stay behind it.
///
/// ```swift
/// let reader = try await service.connect(ReaderAddress("zvt+tcp://192.0.2.10"))
/// for try await step in service.collectPayment(PaymentRequest(amount: total, reference: "#1042")) {
///     switch step {
///     case .prompt(let prompt): show(prompt)
///     case .printLine: break
///     case .completed(let result): record(result)
///     case .outcomeUnknown(let unknown): park(unknown)   // resolve later, never charge again
///     }
/// }
/// ```
public protocol CardReaderService: Sendable {
    /// The readers the counter can use now (configured ones, and known terminals on USB as they come and go).
    func discoveredReaders() -> AsyncStream<[CardReaderDescriptor]>
    /// The connected reader, as a list (empty when none); emits on every change, an unexpected drop included.
    func connectedReaders() -> AsyncStream<[CardReaderDescriptor]>
    /// Everything that happens to readers, prompts included.
    func readerEvents() -> AsyncStream<CardReaderEvent>

    /// Connects to a reader (and registers with it), replacing any connected one.
    func connect(_ address: ReaderAddress) async throws(CardReaderError) -> CardReaderDescriptor
    /// Disconnects the connected reader.
    func disconnect() async

    /// Charges a card; prompts and slip lines arrive as they happen. Throws ``CardReaderError`` when declined,
    /// cancelled or not sent (nothing charged).
    func collectPayment(_ request: PaymentRequest) -> AsyncThrowingStream<PaymentProgress, any Error>
    /// Refunds an amount to the card presented.
    func refund(_ amount: Money) -> AsyncThrowingStream<PaymentProgress, any Error>
    /// Reverses (voids) the payment with a receipt number.
    func reverse(receiptNumber: Int) -> AsyncThrowingStream<PaymentProgress, any Error>
    /// Asks the terminal to cancel the running operation.
    func cancel() async

    /// Closes the terminal's batch and reports its totals.
    func endOfDay() async throws(CardReaderError) -> TerminalReport
    /// Asks whether the terminal is ready (status enquiry).
    func status() async throws(CardReaderError) -> TerminalReport
    /// Runs the terminal's diagnosis.
    func diagnosis() async throws(CardReaderError) -> TerminalReport

    /// Settles an unknown outcome with the terminal (status enquiry, repeat receipt). Never charges again.
    func resolveUnknownOutcome(_ unknown: UnknownCardOutcome) async throws(CardReaderError) -> UnknownOutcomeResolution

    /// The receipt number of the connected terminal's last transaction as the driver saw it on this connection,
    /// or `nil` (none seen, not connected, or a protocol without receipt numbers). Journal it before a payment.
    func lastKnownReceiptNumber() async -> Int?
}

extension CardReaderService {
    /// Services that cannot tell know none.
    public func lastKnownReceiptNumber() async -> Int? { nil }
}
