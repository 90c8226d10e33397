import Networking
import POSFoundation
import Storage

/// Why a receipt could not be emailed, with what to do.
public enum OrderEmailError: UserFacingError, Equatable {
    /// The address does not look like one.
    case invalidAddress(String)
    /// No such order on this counter.
    case orderNotFound(String)
    /// The order has not reached the store yet, so the store cannot email it.
    case notSyncedYet(Int64)
    /// The store cannot be reached now.
    case offline(String)
    /// The store refused (an old WooCommerce without order actions, a rejected address…).
    case refused(String)
    /// The demo store has no site to send mail.
    case demo
    /// The local database failed.
    case storage(StorageError)

    public var message: String {
        switch self {
        case .invalidAddress(let text): "\(text) is not an email address."
        case .orderNotFound(let reference): "There is no order \(reference) on this counter."
        case .notSyncedYet(let number): "Order \(number) has not reached the store yet, so it cannot be emailed."
        case .offline(let detail): "Email is not available offline (\(detail))."
        case .refused(let detail): "The store did not send the email: \(detail)."
        case .demo: "The demo store cannot send email."
        case .storage(let error): "The local database failed: \(error.clause)"
        }
    }

    public var recoverySuggestion: String {
        switch self {
        case .invalidAddress: "Type the whole address, like name@example.com."
        case .orderNotFound: "Check the order number in the order history."
        case .notSyncedYet: "Sync (`pos sync`), then email it from the receipt or the order history; or print it."
        case .offline: "Print the receipt, or email it once the counter is online again."
        case .refused: "Check the address; the store needs WooCommerce 9 or newer for this. Print the receipt meanwhile."
        case .demo: "Log in to a real store (`pos login`) to email receipts; print it meanwhile."
        case .storage(let error): error.suggestion(otherwise: "Check the disk, then try again.")
        }
    }
}
