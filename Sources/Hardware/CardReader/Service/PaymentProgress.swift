/// One step of a payment, refund or reversal as it happens, in order. The stream ends after
/// ``completed(_:)`` or ``outcomeUnknown(_:)``, or throws ``CardReaderError`` (declined, cancelled, not sent).
public enum PaymentProgress: Hashable, Sendable {
    /// A prompt for the cardholder or cashier ("Insert card", "Enter PIN").
    case prompt(CardReaderPrompt)
    /// A line of the terminal's slip, as it arrives.
    case printLine(TerminalPrintLine)
    /// Approved.
    case completed(PaymentResult)
    /// The terminal never confirmed the outcome; resolve it, never charge again.
    case outcomeUnknown(UnknownCardOutcome)
}
