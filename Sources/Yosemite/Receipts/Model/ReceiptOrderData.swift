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
