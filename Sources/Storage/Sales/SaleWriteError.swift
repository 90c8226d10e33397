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

    public var description: String {
        switch self {
        case .notFound(let reference): "no sale \(reference) on this counter"
        case .wrongState(let id, let state, let needed): "sale \(id) is \(state.rawValue), not \(needed.rawValue)"
        case .hasTenders(let id): "sale \(id) already has a payment; its lines are fixed"
        case .exceedsDue(let due, let tendered): "\(tendered.decimalString) is more than the \(due.decimalString) still due"
        case .notCovered(let due, let paid): "paid \(paid.decimalString) of \(due.decimalString)"
        case .attemptUnresolved(let attempt): "card attempt \(attempt) is unresolved"
        case .cardTenderRecorded(let id): "sale \(id) holds an approved card payment"
        case .emptyCart(let id): "sale \(id) has no items"
        }
    }
}
