/// How a ZVT operation ended successfully: the payment result for money-moving commands, and what the
/// terminal reported along the way.
public struct ZVTTransactionOutcome: Hashable, Sendable {
    /// The command that finished.
    public var command: ZVTCommandCode
    /// The payment result for Authorisation, Refund and Reversal (and Repeat Receipt when it carries one).
    public var payment: PaymentResult?
    /// The last Status Information, when the terminal sent one.
    public var statusInformation: ZVTStatusInformation?
    /// The Completion the terminal ended with, when it sent one.
    public var completion: ZVTCompletion?
    /// The receipt lines the terminal sent (06 D1 / 06 D3), in order.
    public var receiptLines: [TerminalPrintLine]

    /// Creates an outcome.
    public init(
        command: ZVTCommandCode, payment: PaymentResult? = nil, statusInformation: ZVTStatusInformation? = nil,
        completion: ZVTCompletion? = nil, receiptLines: [TerminalPrintLine] = []
    ) {
        self.command = command
        self.payment = payment
        self.statusInformation = statusInformation
        self.completion = completion
        self.receiptLines = receiptLines
    }
}
