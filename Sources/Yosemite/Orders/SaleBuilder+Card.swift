import Networking
import POSFoundation

/// How a sale was paid, as the create body says it.
///
/// Cash: `payment_method` `cod` ("Cash"), `transaction_id` the client UUID. Card: `pos_card`, the gateway id
/// WooCommerce's own POS uses for card payments taken at the counter; title "Card" ("Card and cash" for a split);
/// `transaction_id` the terminal ID with the receipt and trace numbers. Card meta: `_pos_card_brand`,
/// `_pos_card_last4`, `_pos_terminal_receipt`, `_pos_terminal_trace`, and for a split `_pos_cash_amount` and
/// `_pos_card_amount`. Never a PAN or an expiry.
extension SaleBuilder {
    /// The gateway id sent for card payments.
    static let cardPaymentMethod = "pos_card"
    static let cardPaymentMethodTitle = "Card"
    static let splitPaymentMethodTitle = "Card and cash"

    /// A card tender's masked details.
    struct CardDetails: Sendable {
        var transactionId: String
        var brand: String?
        var last4: String?
        var receipt: String?
        var trace: String?
        var amount: Money
    }

    /// The payment fields of the create body.
    struct Payment: Sendable {
        var method: String
        var title: String
        var transactionId: String
        var meta: [MetaData]

        init(tenders: [SaleSummary.Tender], card: CardDetails?, clientUUID: ClientUUID) {
            guard let card else {
                method = SaleBuilder.cashPaymentMethod
                title = SaleBuilder.cashPaymentMethodTitle
                transactionId = clientUUID.description
                meta = []
                return
            }
            let cash = tenders.filter { $0.method == .cash }.reduce(Int64(0)) { $0 + $1.amount.minorUnits }
            let cardTotal = tenders.filter { $0.method == .card }.reduce(Int64(0)) { $0 + $1.amount.minorUnits }
            method = SaleBuilder.cardPaymentMethod
            title = cash > 0 ? SaleBuilder.splitPaymentMethodTitle : SaleBuilder.cardPaymentMethodTitle
            transactionId = card.transactionId.isEmpty ? clientUUID.description : card.transactionId
            var meta: [MetaData] = []
            func add(_ key: String, _ value: String?) {
                if let value, !value.isEmpty { meta.append(MetaData(key: key, value: .string(value))) }
            }
            add("_pos_card_brand", card.brand)
            add("_pos_card_last4", card.last4)
            add("_pos_terminal_receipt", card.receipt)
            add("_pos_terminal_trace", card.trace)
            if cash > 0 {
                add("_pos_cash_amount", Money(minorUnits: cash, currency: card.amount.currency).decimalString)
                add("_pos_card_amount", Money(minorUnits: cardTotal, currency: card.amount.currency).decimalString)
            }
            self.meta = meta
        }
    }
}
