import Hardware
import Localization
import POSFoundation
import Storage

/// Why a receipt could not be made or printed. A print failure never loses the receipt: it is stored first and
/// can be printed again.
public enum ReceiptError: Error, Sendable, ActionFailure {
    /// No store handles the action in the session's current state (logged out, or the demo store).
    case unhandled(UnhandledAction)
    /// No order with that local number or client UUID.
    case orderNotFound(String)
    /// The order has no receipt of that kind yet.
    case noReceipt(order: String)
    /// No receipt with that id.
    case receiptNotFound(Int64)
    /// The store settings were never synchronised, so there is no header to print.
    case storeSettingsMissing
    /// No bundled templates in any of these folders (an installation fault).
    case templatesMissing([String])
    /// A bundled template is broken (a packaging fault).
    case bundledTemplateBroken(ReceiptTemplateError)
    /// The printer failed; the receipt (by id) is stored and can be printed again.
    case printFailed(PrinterError, receiptID: Int64?)
    /// The database failed.
    case storage(StorageError)
    /// An open sale could not be priced for its preview (the checkout's message and what to do).
    case saleNotPriced(message: String, suggestion: String)
}

extension ReceiptError: UserFacingError {
    public var message: String {
        switch self {
        case .unhandled(let unhandled): unhandled.message
        case .orderNotFound(let reference): L10n.tr("error.receipt.orderNotFound", ["reference": reference])
        case .noReceipt(let order): L10n.tr("error.receipt.noReceipt", ["order": order])
        case .receiptNotFound(let id): L10n.tr("error.receipt.receiptNotFound", ["receipt": String(id)])
        case .storeSettingsMissing: L10n.tr("error.receipt.storeSettingsMissing")
        case .templatesMissing(let folders):
            L10n.tr("error.receipt.templatesMissing", ["folders": folders.joined(separator: ", ")])
        case .bundledTemplateBroken(let error): error.message
        case .printFailed(let error, let receiptID):
            error.message + (receiptID.map { " " + L10n.tr("error.receipt.printFailed.saved", ["receipt": String($0)]) } ?? "")
        case .storage(let error): L10n.tr("error.receipt.storage", ["clause": error.clause])
        case .saleNotPriced(let message, _): L10n.tr("error.receipt.saleNotPriced", ["message": message])
        }
    }

    public var recoverySuggestion: String {
        switch self {
        case .unhandled(let unhandled): unhandled.recoverySuggestion
        case .orderNotFound: L10n.tr("error.receipt.orderNotFound.hint")
        case .noReceipt(let order): L10n.tr("error.receipt.noReceipt.hint", ["order": order])
        case .receiptNotFound: L10n.tr("error.receipt.receiptNotFound.hint")
        case .storeSettingsMissing: L10n.tr("error.receipt.storeSettingsMissing.hint")
        case .templatesMissing: L10n.tr("error.receipt.templatesMissing.hint")
        case .bundledTemplateBroken: L10n.tr("error.receipt.bundledTemplateBroken.hint")
        case .printFailed(let error, _): error.recoverySuggestion
        case .storage(let error): error.suggestion(otherwise: L10n.tr("error.receipt.storage.hint"))
        case .saleNotPriced(_, let suggestion): suggestion
        }
    }
}
