/// A live connection to one terminal in one protocol (ZVT, Concert): the seam between
/// ``DefaultCardReaderService`` and the driver actors.
///
/// A driver executes its protocol's state machine and makes no business decisions: it never retries a
/// money-moving command by itself.
public protocol CardReaderDriver: Sendable {
    /// The reader's address.
    var address: ReaderAddress { get }

    /// Opens the transport and registers with the terminal where the protocol has a registration.
    ///
    /// - Throws: ``CardReaderError`` in phase `.connection` or `.registration`.
    func connect() async throws(CardReaderError) -> TerminalReport

    /// Ends the connection (a running operation ends as the state machine decides: unknown if money may have moved).
    func disconnect() async

    /// Runs one operation, passing prompts and slip lines to `progress` as they arrive.
    ///
    /// - Throws: ``CardReaderError`` when it failed and nothing was charged.
    func perform(
        _ operation: CardReaderOperation, progress: @escaping @Sendable (PaymentProgress) -> Void
    ) async throws(CardReaderError) -> CardReaderOperationOutcome

    /// Asks the terminal to cancel the running operation; it may be too late, and the operation then completes.
    func cancel() async

    /// Settles an unknown outcome with the terminal without charging again.
    func resolve(_ unknown: UnknownCardOutcome) async throws(CardReaderError) -> UnknownOutcomeResolution

    /// The receipt number of the last transaction the driver saw complete on this connection, if any.
    func lastKnownReceiptNumber() async -> Int?
}

extension CardReaderDriver {
    /// Drivers that cannot tell (Concert) know none.
    public func lastKnownReceiptNumber() async -> Int? { nil }
}
