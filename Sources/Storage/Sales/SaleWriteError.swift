import Localization
import POSFoundation

/// Why a named sale write refused: the invariant it would have broken. Nothing was written.
public enum SaleWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No sale with that id or name.
    case notFound(String)
    /// The sale is not in the state the write needs (an edit of a completed sale, a resume of an open one…).
    case wrongState(saleId: Int64, state: SaleRecord.State, needed: SaleRecord.State)
    /// The sale already holds tenders: its lines are fixed, and it cannot be parked.
    case hasTenders(saleId: Int64)
    /// The tender is more than what is still due (a card may pay at most the rest; change is for cash).
    case exceedsDue(due: Money, tendered: Money)
    /// The tenders do not cover the total yet.
    case notCovered(due: Money, paid: Money)
    /// A card attempt for the sale is still unresolved: settle it with the terminal first.
    case attemptUnresolved(attemptId: String)
    /// A card tender was approved for the sale: it cannot be voided (refund it on the terminal first).
    case cardTenderRecorded(saleId: Int64)
    /// The cart is empty.
    case emptyCart(saleId: Int64)

    /// Why, as a clause for "The sale refused this step: …" (the screen's language).
    public var description: String {
        switch self {
        case .notFound(let reference): L10n.tr("error.saleWrite.notFound", ["reference": reference])
        case .wrongState(let id, let state, let needed):
            L10n.tr("error.saleWrite.wrongState", ["sale": String(id), "state": Self.name(state), "needed": Self.name(needed)])
        case .hasTenders(let id): L10n.tr("error.saleWrite.hasTenders", ["sale": String(id)])
        case .exceedsDue(let due, let tendered):
            L10n.tr("error.saleWrite.exceedsDue", ["tendered": tendered.decimalString, "due": due.decimalString])
        case .notCovered(let due, let paid): L10n.tr("error.saleWrite.notCovered", ["paid": paid.decimalString, "due": due.decimalString])
        case .attemptUnresolved(let attempt): L10n.tr("error.saleWrite.attemptUnresolved", ["attempt": attempt])
        case .cardTenderRecorded(let id): L10n.tr("error.saleWrite.cardTenderRecorded", ["sale": String(id)])
        case .emptyCart(let id): L10n.tr("error.saleWrite.emptyCart", ["sale": String(id)])
        }
    }

    /// A sale's state as the sentence names it ("open", "offen").
    static func name(_ state: SaleRecord.State) -> String {
        switch state {
        case .open: L10n.tr("error.saleWrite.state.open")
        case .parked: L10n.tr("error.saleWrite.state.parked")
        case .completed: L10n.tr("error.saleWrite.state.completed")
        case .voided: L10n.tr("error.saleWrite.state.voided")
        }
    }
}
