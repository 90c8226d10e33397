import Hardware
import POSFoundation
import Storage

/// Why a receipt could not be made or printed. A print failure never loses the receipt: it is stored first and
/// can be printed again.
public enum ReceiptError: Error, Sendable {
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
        case .orderNotFound(let reference): "There is no order \(reference) on this counter."
        case .noReceipt(let order): "Order \(order) has no receipt yet."
        case .receiptNotFound(let id): "There is no receipt \(id)."
        case .storeSettingsMissing: "The store settings are not loaded yet, so the receipt has no header."
        case .templatesMissing(let folders):
            "The bundled receipt templates are missing (looked in: \(folders.joined(separator: ", ")))."
        case .bundledTemplateBroken(let error): error.message
        case .printFailed(let error, let receiptID):
            error.message + (receiptID.map { " Receipt \($0) is saved." } ?? "")
        case .storage(let error): "The receipt could not be saved or read: \(error.clause)"
        case .saleNotPriced(let message, _): "No preview: \(message)"
        }
    }

    public var recoverySuggestion: String {
        switch self {
        case .orderNotFound: "Give the order's local number (as printed) or its client UUID."
        case .noReceipt(let order): "Print one with `pos receipt print \(order)`."
        case .receiptNotFound: "List an order's receipts with the counter's order screen."
        case .storeSettingsMissing: "Log in and synchronise (`pos login`), or open the demo store with `pos`."
        case .templatesMissing:
            "Reinstall pos, or set POS_TEMPLATES_DIR to a folder with the templates (docs/receipts.md)."
        case .bundledTemplateBroken: "Reinstall pos; meanwhile put a working template in <data dir>/templates."
        case .printFailed(let error, _): error.recoverySuggestion
        case .storage(let error): error.suggestion(otherwise: "Check the disk (space, permissions) and try again.")
        case .saleNotPriced(_, let suggestion): suggestion
        }
    }
}
