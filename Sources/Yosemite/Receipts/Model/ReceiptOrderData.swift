import Foundation
import Hardware
import Storage

/// Everything stored about one order that a receipt prints: the order, its lines, fees, coupons, taxes and
/// payments, and the terminal's result for each card payment that has one.
public struct ReceiptOrderData: Sendable {
    public var order: OrderRecord
    public var lines: [OrderLineRecord]
    public var fees: [OrderFeeRecord]
    public var coupons: [OrderCouponRecord]
    public var taxes: [OrderTaxRecord]
    public var payments: [PaymentRecord]
    /// Card results by payment row id, decoded from the payment journal (`PaymentJournalRecord.result`).
    public var cardResults: [Int64: PaymentResult]
    /// The sale's TSE data (German fiscal law), `nil` where no TSE signs.
    public var fiscal: ReceiptFiscal? = nil

    /// Creates the data of one order.
    public init(
        order: OrderRecord, lines: [OrderLineRecord] = [], fees: [OrderFeeRecord] = [],
        coupons: [OrderCouponRecord] = [], taxes: [OrderTaxRecord] = [], payments: [PaymentRecord] = [],
        cardResults: [Int64: PaymentResult] = [:]
    ) {
        self.order = order
        self.lines = lines
        self.fees = fees
        self.coupons = coupons
        self.taxes = taxes
        self.payments = payments
        self.cardResults = cardResults
    }
}

/// What the TSE did for a sale, as the receipt prints it.
public enum ReceiptFiscal: Sendable, Hashable {
    /// Signed: the mandatory fields and the QR code.
    case signed(FiscalSignature)
    /// The TSE could not be reached: the receipt says the TSE failed, with the cause.
    case failed(cause: String)
    /// The signature is not recorded yet (settled on the next start).
    case pending
}
