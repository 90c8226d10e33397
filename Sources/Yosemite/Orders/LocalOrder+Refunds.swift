import POSFoundation
import Storage

extension LocalOrder {
    /// How much of the order was refunded at this counter (the refund records in its outbox, sent or not).
    public var refunded: Money {
        money(detail.outbox.filter { $0.kind == .createRefund }.reduce(Int64(0)) { sum, entry in
            sum + RefundPayload.amount(in: entry.payload, currency: currency)
        })
    }

    /// What is left to refund.
    public var refundable: Money { money(max(0, total.minorUnits - refunded.minorUnits)) }

    /// How it was paid, as a cashier says it: "cash", "card", "cash+card", or "unpaid".
    public var tender: String {
        let methods = Set(detail.payments.map(\.method))
        if methods.isEmpty { return "unpaid" }
        return [PaymentRecord.Method.cash, .card, .other].filter(methods.contains).map(\.rawValue).joined(separator: "+")
    }
}
