import Localization
import POSFoundation
import Storage

/// Why a cart could not become an order, or an order could not be found.
public enum OrderError: UserFacingError, Equatable, ActionFailure {
    /// No store handles the action in the session's current state (logged out, or the demo store).
    case unhandled(UnhandledAction)
    case emptyCart
    case notFound(code: String)
    /// `reason` is already in the screen's language (an `error.order.notSellable.*` text).
    case notSellable(code: String, reason: String)
    /// A typed manual item (`--manual`, the counter's manual item) the checkout cannot take: `name` is the name
    /// typed for it (may be empty), `reason` an `error.order.notSellable.*` text. Not a catalog product, so nothing to fix in WooCommerce.
    case manualItemNotSellable(name: String, reason: String)
    case invalidQuantity(code: String)
    case couponNotFound(code: String)
    /// `reason` is already in the screen's language (an `error.order.coupon.*` text).
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
    /// Cashiers are set up and this needs a signed-in cashier or a manager's PIN; nothing was recorded.
    case cashier(CashierError)

    public var message: String {
        switch self {
        case .unhandled(let unhandled): unhandled.message
        case .emptyCart: L10n.tr("error.order.emptyCart")
        case .notFound(let code): L10n.tr("error.order.notFound", ["code": code])
        case .notSellable(let code, let reason): L10n.tr("error.order.notSellable", ["code": code, "reason": reason])
        case .manualItemNotSellable(let name, let reason):
            name.isEmpty ? L10n.tr("error.order.manualItemNotSellable.unnamed", ["reason": reason])
                : L10n.tr("error.order.manualItemNotSellable", ["name": name, "reason": reason])
        case .invalidQuantity(let code): L10n.tr("error.order.invalidQuantity", ["code": code])
        case .couponNotFound(let code): L10n.tr("error.order.couponNotFound", ["code": code])
        case .couponInvalid(let code, let reason): L10n.tr("error.order.couponInvalid", ["code": code, "reason": reason])
        case .discountWithCoupon: L10n.tr("error.order.discountWithCoupon")
        case .invalidDiscount(let text): L10n.tr("error.order.invalidDiscount", ["discount": text])
        case .tenderTooLow(let due, let tendered):
            L10n.tr("error.order.tenderTooLow", ["tendered": tendered.screenText, "due": due.screenText])
        case .storeSettingsMissing: L10n.tr("error.order.storeSettingsMissing")
        case .orderNotFound(let reference): L10n.tr("error.order.orderNotFound", ["reference": reference])
        case .storage(let error): L10n.tr("error.order.storage", ["clause": error.clause])
        case .limitExceeded(let limit, let detail): L10n.tr("error.order.limitExceeded", ["limit": limit, "detail": detail])
        case .saleRefused(let reason): L10n.tr("error.order.saleRefused", ["reason": reason])
        case .saleNotFound(let reference): L10n.tr("error.order.saleNotFound", ["reference": reference])
        case .cashier(let error): error.message
        }
    }

    public var recoverySuggestion: String {
        switch self {
        case .unhandled(let unhandled): unhandled.recoverySuggestion
        case .emptyCart: L10n.tr("error.order.emptyCart.hint")
        case .notFound: L10n.tr("error.order.notFound.hint")
        case .notSellable: L10n.tr("error.order.notSellable.hint")
        case .manualItemNotSellable: L10n.tr("error.order.manualItemNotSellable.hint")
        case .invalidQuantity: L10n.tr("error.order.invalidQuantity.hint")
        case .couponNotFound: L10n.tr("error.order.couponNotFound.hint")
        case .couponInvalid: L10n.tr("error.order.couponInvalid.hint")
        case .discountWithCoupon: L10n.tr("error.order.discountWithCoupon.hint")
        case .invalidDiscount: L10n.tr("error.order.invalidDiscount.hint")
        case .tenderTooLow: L10n.tr("error.order.tenderTooLow.hint")
        case .storeSettingsMissing: L10n.tr("error.order.storeSettingsMissing.hint")
        case .orderNotFound: L10n.tr("error.order.orderNotFound.hint")
        case .storage(let error): error.suggestion(otherwise: L10n.tr("error.order.storage.hint"))
        case .limitExceeded: L10n.tr("error.order.limitExceeded.hint")
        case .saleRefused: L10n.tr("error.order.saleRefused.hint")
        case .saleNotFound: L10n.tr("error.order.saleNotFound.hint")
        case .cashier(let error): error.recoverySuggestion
        }
    }
}
