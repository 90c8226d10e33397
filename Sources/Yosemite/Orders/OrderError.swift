import POSFoundation
import Storage

/// Why a cart could not become an order, or an order could not be found.
public enum OrderError: UserFacingError, Equatable {
    case emptyCart
    case notFound(code: String)
    case notSellable(code: String, reason: String)
    case invalidQuantity(code: String)
    case couponNotFound(code: String)
    case couponInvalid(code: String, reason: String)
    case discountWithCoupon
    case invalidDiscount(String)
    case tenderTooLow(due: Money, tendered: Money)
    case storeSettingsMissing
    case orderNotFound(reference: String)
    case storage(StorageError)
    /// A sale limit (quantity, line amount) was exceeded; nothing was recorded.
    case limitExceeded(limit: String, detail: String)
    /// The sale's state does not allow this step (an edit after a payment, a void with a card payment…).
    case saleRefused(String)
    /// No open, parked or finished sale with that id or name.
    case saleNotFound(reference: String)
    /// Cashiers are set up and this needs a signed-in cashier or a manager's PIN (issue 18); nothing was recorded.
    case cashier(CashierError)

    public var message: String {
        switch self {
        case .emptyCart: "The cart is empty."
        case .notFound(let code): "not found: \(code)"
        case .notSellable(let code, let reason): "\(code) cannot be sold: \(reason)."
        case .invalidQuantity(let code): "The quantity of \(code) must be a whole number above 0."
        case .couponNotFound(let code): "Coupon \(code) does not exist."
        case .couponInvalid(let code, let reason): "Coupon \(code) cannot be used: \(reason)."
        case .discountWithCoupon: "A manual discount cannot be combined with a coupon."
        case .invalidDiscount(let text): "The discount \(text) is not valid."
        case .tenderTooLow(let due, let tendered): "Tendered \(tendered.decimalString) is less than the \(due.decimalString) due."
        case .storeSettingsMissing: "The store's settings are not on this counter yet."
        case .orderNotFound(let reference): "No order \(reference) on this counter."
        case .storage(let error): "The local database failed: \(error.clause)"
        case .limitExceeded(let limit, let detail): "Over the \(limit) limit: \(detail)."
        case .saleRefused(let reason): "The sale refused this step: \(reason)."
        case .saleNotFound(let reference): "No sale \(reference) on this counter."
        case .cashier(let error): error.message
        }
    }

    public var recoverySuggestion: String {
        switch self {
        case .emptyCart: "Add at least one item."
        case .notFound:
            "Check the code, or run `pos catalog sync` to refresh the catalog; or sell it as a manual item, marked for review: --manual price=AMOUNT,tax=CLASS,code=CODE."
        case .notSellable: "Sell another item, or fix the product in WooCommerce and sync the catalog."
        case .invalidQuantity: "Use CODE:QTY with QTY of 1 or more."
        case .couponNotFound: "Check the code, or sync the catalog to fetch new coupons."
        case .couponInvalid: "Remove the coupon."
        case .discountWithCoupon:
            "WooCommerce recalculates line totals when a coupon applies, which would drop the manual discount; use one or the other."
        case .invalidDiscount: "Use a percentage such as 10% or an amount such as 2.50, not more than the amount due."
        case .tenderTooLow: "Take at least the amount due."
        case .storeSettingsMissing: "Log in (`pos login`) while the store is reachable, once."
        case .orderNotFound: "Use a local number from `pos orders list` or an order's client UUID."
        case .storage(let error): error.suggestion(otherwise: "Check the disk, then try again; nothing was saved.")
        case .limitExceeded: "Check the quantity or amount; a larger sale needs the limit raised (maxQuantity, maxLineAmount in the data directory's app-settings.json)."
        case .saleRefused: "Finish, park or void the sale as the message says (`pos cart list` shows open sales)."
        case .saleNotFound: "Use an id or name from `pos cart list`."
        case .cashier(let error): error.recoverySuggestion
        }
    }
}
