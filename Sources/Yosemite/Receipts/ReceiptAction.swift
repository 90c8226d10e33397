import Foundation
import Hardware
import POSFoundation
import Storage

/// Receipts: generate, print, reprint, list, end of day, cash drawer. `order` is a local number ("1042") or a
/// client UUID. Every generated receipt is stored before anything is printed.
public enum ReceiptAction: Action {
    public typealias Failure = ReceiptError

    /// Renders and stores the sale receipt of an order (and a card slip per card payment with a terminal result).
    case generate(order: String, reply: Reply<ReceiptRecord>)
    /// Renders and stores a refund receipt.
    case generateRefund(order: String, amount: Money, reason: String?, card: PaymentResult?,
                        reply: Reply<ReceiptRecord>)
    /// Renders and stores a reversal receipt of a card payment.
    case generateReversal(order: String, card: PaymentResult,
                          reply: Reply<ReceiptRecord>)
    /// Renders a receipt without storing it, at a width (the app setting when `nil`).
    case preview(order: String, width: Int?, reply: Reply<ReceiptPreview>)
    /// Renders the receipt an open sale will print, before payment (lines, discounts, coupons, taxes), not stored.
    case previewSale(saleId: Int64, width: Int?, reply: Reply<ReceiptPreview>)
    /// Prints a stored receipt (again, after a failed print) on a printer (the app setting when `nil`).
    case print(receiptID: Int64, printer: String?, reply: Reply<ReceiptPrintOutcome>)
    /// Prints an order's sale receipt, generating and storing it first when it has none.
    case printOrder(order: String, printer: String?, reply: Reply<ReceiptPrintOutcome>)
    /// Reprints an order's sale receipt (its newest refund receipt with `refund`) marked COPY and counts it; a
    /// receipt that never printed prints as it is.
    case reprint(order: String, printer: String?, refund: Bool = false, reply: Reply<ReceiptPrintOutcome>)
    /// Reprints one stored receipt (a card slip says DUPLICATE) and counts it.
    case reprintReceipt(receiptID: Int64, printer: String?, reply: Reply<ReceiptPrintOutcome>)
    /// Everything stored about an order that its sale receipt prints, its TSE data included, not rendered (`pos
    /// receipt show --json`).
    case orderData(order: String, reply: Reply<ReceiptOrderData>)
    /// An order's stored receipts, oldest first.
    case listReceipts(order: String, reply: Reply<[ReceiptRecord]>)
    /// Renders, stores and prints the end-of-day (Z) report of the day containing `day`.
    case printEndOfDay(day: Date, printer: String?, reply: Reply<ReceiptPrintOutcome>)
    /// Kicks the cash drawer through the receipt printer.
    case openDrawer(printer: String?, reply: Reply<PrintJobOutcome>)
    /// Lists the printers with their states.
    case listPrinters(reply: Reply<[PrintQueue]>)
    /// Prints a test page on a printer.
    case printTestPage(printer: String, reply: Reply<PrintJobOutcome>)
}
