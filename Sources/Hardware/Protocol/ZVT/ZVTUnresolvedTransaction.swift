import Localization
import POSFoundation

/// A money-moving command whose outcome is unknown: it left the counter, and the line dropped, a timer ran
/// out or the terminal contradicted itself before a clear result arrived.
///
/// The card may or may not have been charged. Resolve it with the terminal (
/// Status Enquiry, then Repeat Receipt, which reports the last transaction), never by sending the command again.
public struct ZVTUnresolvedTransaction: Hashable, Sendable {
    /// Why the outcome is unknown.
    public enum Reason: String, Hashable, Sendable {
        /// The connection failed after the command was sent.
        case transportFailed
        /// The terminal did not acknowledge the command in time.
        case acknowledgeTimeout
        /// The terminal stopped talking before Completion.
        case completionTimeout
        /// The terminal completed without reporting the transaction (no Status Information).
        case noStatusInformation
        /// The Status Information of the transaction had no readable result code.
        case unreadableResult
        /// The terminal approved in Status Information and then aborted.
        case contradictoryResult
        /// The terminal reported its result (04 0F) and then fell silent instead of completing.
        case noCompletion
        /// The terminal approved, but its report ended in a field this codec does not know: the amount, receipt
        /// number or card may be missing ("approved, details to confirm").
        case detailsToConfirm
        /// A message from the terminal stopped mid-frame (its length field promised bytes that never came) or
        /// arrived damaged, and nothing complete followed in time: it may have been the result.
        case messageCutShort

        /// What the cashier reads; the case name stays in the log.
        public var cashierText: String {
            switch self {
            case .transportFailed: L10n.tr("reader.unknown.transportFailed")
            case .acknowledgeTimeout: L10n.tr("reader.unknown.acknowledgeTimeout")
            case .completionTimeout: L10n.tr("reader.unknown.completionTimeout")
            case .noStatusInformation: L10n.tr("reader.unknown.noStatusInformation")
            case .unreadableResult: L10n.tr("reader.unknown.unreadableResult")
            case .contradictoryResult: L10n.tr("reader.unknown.contradictoryResult")
            case .noCompletion: L10n.tr("reader.unknown.noCompletion")
            case .detailsToConfirm: L10n.tr("reader.unknown.detailsToConfirm")
            case .messageCutShort: L10n.tr("reader.unknown.messageCutShort")
            }
        }
    }

    /// The command that was sent.
    public var command: ZVTCommandCode
    /// The amount involved, when the command carried one.
    public var amount: Money?
    /// Why the outcome is unknown.
    public var reason: Reason
    /// The last Status Information received, if any (it may show an approval the terminal later lost).
    public var lastStatusInformation: ZVTStatusInformation?
    /// Receipt lines received before the outcome became unknown.
    public var receiptLines: [TerminalPrintLine]

    /// Creates an unresolved transaction.
    public init(
        command: ZVTCommandCode, amount: Money?, reason: Reason, lastStatusInformation: ZVTStatusInformation? = nil,
        receiptLines: [TerminalPrintLine] = []
    ) {
        self.command = command
        self.amount = amount
        self.reason = reason
        self.lastStatusInformation = lastStatusInformation
        self.receiptLines = receiptLines
    }
}
