import Localization
import POSFoundation

/// Why a named sale write refused: the data's integrity it would have broken (the checkout owns the sale's rules).
/// Nothing was written.
public enum SaleWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No sale with that id or name.
    case notFound(String)
    /// The sale is not in the state the write needs (an edit of a completed sale, a resume of an open one…).
    case wrongState(saleId: Int64, state: OrderRecord.State, needed: OrderRecord.State)
    /// The tenders do not cover the total yet.
    case notCovered(due: Money, paid: Money)
    /// A card attempt for the sale is still unresolved: settle it with the terminal first.
    case attemptUnresolved(attemptId: String)
    /// A training sale would be completed as a real one (with an outbox entry for the store).
    case training(saleId: Int64)
    /// A real sale would be completed as a training one (without its outbox entry).
    case notTraining(saleId: Int64)

    /// Why, as a clause for "The sale refused this step: …" (the screen's language).
    public var description: String {
        switch self {
        case .notFound(let reference): L10n.tr("error.saleWrite.notFound", ["reference": reference])
        case .wrongState(let id, let state, let needed):
            L10n.tr("error.saleWrite.wrongState", ["sale": String(id), "state": Self.name(state), "needed": Self.name(needed)])
        case .notCovered(let due, let paid): L10n.tr("error.saleWrite.notCovered", ["paid": paid.decimalString, "due": due.decimalString])
        case .attemptUnresolved(let attempt): L10n.tr("error.saleWrite.attemptUnresolved", ["attempt": attempt])
        case .training(let id): L10n.tr("error.saleWrite.training", ["sale": String(id)])
        case .notTraining(let id): L10n.tr("error.saleWrite.notTraining", ["sale": String(id)])
        }
    }

    /// A sale's state as the sentence names it ("open", "offen").
    static func name(_ state: OrderRecord.State) -> String {
        switch state {
        case .open: L10n.tr("error.saleWrite.state.open")
        case .parked: L10n.tr("error.saleWrite.state.parked")
        case .completed: L10n.tr("error.saleWrite.state.completed")
        case .voided: L10n.tr("error.saleWrite.state.voided")
        }
    }
}
