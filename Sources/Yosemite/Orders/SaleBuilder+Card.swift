import Hardware
import Networking
import POSFoundation

/// The mark-paid body of a card or split sale.
///
/// `payment_method` `pos_card`, the gateway id WooCommerce's own POS uses for card payments taken at the
/// counter; title "Card" ("Card and cash" for a split); `transaction_id` the terminal ID with the receipt and
/// trace numbers. Meta: `_pos_card_brand`, `_pos_card_last4`, `_pos_terminal_id`, `_pos_terminal_receipt`,
/// `_pos_terminal_trace`, and for a split `_pos_cash_amount` and `_pos_card_amount`. Never a PAN or an expiry.
extension SaleBuilder {
    /// The gateway id sent for card payments.
    static let cardPaymentMethod = "pos_card"
    static let cardPaymentMethodTitle = "Card"
    static let splitPaymentMethodTitle = "Card and cash"

    /// The body of `PUT /wc/v3/orders/{id}` that records a card payment (and the cash part of a split).
    static func cardMarkPaidBody(result: PaymentResult, transactionID: String, cash: Money) -> OrderFields {
        var fields = OrderFields()
        fields.setPaid = true
        fields.paymentMethod = cardPaymentMethod
        fields.paymentMethodTitle = cash.minorUnits > 0 ? splitPaymentMethodTitle : cardPaymentMethodTitle
        fields.transactionID = transactionID
        var meta: [MetaData] = []
        func add(_ key: String, _ value: String?) {
            if let value, !value.isEmpty { meta.append(MetaData(key: key, value: .string(value))) }
        }
        add("_pos_card_brand", result.cardName)
        add("_pos_card_last4", result.maskedPAN?.lastFour)
        add("_pos_terminal_id", result.terminalID)
        add("_pos_terminal_receipt", result.receiptNumber.map(String.init))
        add("_pos_terminal_trace", result.traceNumber.map(String.init))
        if cash.minorUnits > 0 {
            add("_pos_cash_amount", cash.decimalString)
            add("_pos_card_amount", result.amount.decimalString)
        }
        fields.metaData = meta
        return fields
    }
}
