import Foundation
import Hardware
import POSFoundation
import Storage

/// Receipts: generate, print, reprint, list, end of day, cash drawer. `order` is a local number ("1042") or a
/// client UUID. Every generated receipt is stored before anything is printed.
public enum ReceiptAction: Action {
    /// Renders and stores the sale receipt of an order (and a card slip per card payment with a terminal result).
    case generate(order: String, onCompletion: @Sendable (Result<ReceiptRecord, ReceiptError>) -> Void)
    /// Renders and stores a refund receipt.
    case generateRefund(order: String, amount: Money, reason: String?, card: PaymentResult?,
                        onCompletion: @Sendable (Result<ReceiptRecord, ReceiptError>) -> Void)
    /// Renders and stores a reversal receipt of a card payment.
    case generateReversal(order: String, card: PaymentResult,
                          onCompletion: @Sendable (Result<ReceiptRecord, ReceiptError>) -> Void)
    /// Renders a receipt without storing it, at a width (the app setting when `nil`).
    case preview(order: String, width: Int?, onCompletion: @Sendable (Result<ReceiptPreview, ReceiptError>) -> Void)
    /// Renders the receipt an open sale will print, before payment (lines, discounts, coupons, taxes), not stored.
    case previewSale(saleId: Int64, width: Int?, onCompletion: @Sendable (Result<ReceiptPreview, ReceiptError>) -> Void)
    /// Prints a stored receipt (again, after a failed print) on a printer (the app setting when `nil`).
    case print(receiptID: Int64, printer: String?, onCompletion: @Sendable (Result<ReceiptPrintOutcome, ReceiptError>) -> Void)
    /// Prints an order's sale receipt, generating and storing it first when it has none.
    case printOrder(order: String, printer: String?, onCompletion: @Sendable (Result<ReceiptPrintOutcome, ReceiptError>) -> Void)
    /// Reprints an order's sale receipt marked COPY and counts it; a receipt that never printed prints as it is.
    case reprint(order: String, printer: String?, onCompletion: @Sendable (Result<ReceiptPrintOutcome, ReceiptError>) -> Void)
    /// Reprints one stored receipt (a card slip says DUPLICATE) and counts it.
    case reprintReceipt(receiptID: Int64, printer: String?, onCompletion: @Sendable (Result<ReceiptPrintOutcome, ReceiptError>) -> Void)
    /// An order's stored receipts, oldest first.
    case listReceipts(order: String, onCompletion: @Sendable (Result<[ReceiptRecord], ReceiptError>) -> Void)
    /// Renders, stores and prints the end-of-day (Z) report of the day containing `day`.
    case printEndOfDay(day: Date, printer: String?, onCompletion: @Sendable (Result<ReceiptPrintOutcome, ReceiptError>) -> Void)
    /// Kicks the cash drawer through the receipt printer.
    case openDrawer(printer: String?, onCompletion: @Sendable (Result<PrintJobOutcome, ReceiptError>) -> Void)
    /// Lists the printers with their states.
    case listPrinters(onCompletion: @Sendable (Result<[PrintQueue], ReceiptError>) -> Void)
    /// Prints a test page on a printer.
    case printTestPage(printer: String, onCompletion: @Sendable (Result<PrintJobOutcome, ReceiptError>) -> Void)
}
