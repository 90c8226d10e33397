/// How an operation the terminal ran ended, when it did not fail.
///
/// A failure (declined, cancelled, not sent) is thrown as ``CardReaderError`` instead; nothing was charged then.
public enum CardReaderOperationOutcome: Hashable, Sendable {
    /// A payment, refund or reversal went through.
    case approved(PaymentResult)
    /// A payment, refund or reversal may or may not have gone through: settle it with
    /// ``CardReaderService/resolveUnknownOutcome(_:)``, never by charging again.
    case outcomeUnknown(UnknownCardOutcome)
    /// End of day, status or diagnosis reported.
    case report(TerminalReport)
}
