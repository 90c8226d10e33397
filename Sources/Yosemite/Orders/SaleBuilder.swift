import Foundation
import Hardware
import Networking
import POSFoundation
import Storage

/// Turns a resolved cart and its totals into the records of a sale and the body of its one outbox entry.
///
/// The create body is `POST /wc/v3/orders`, created paid: `set_paid`, `payment_method` (`cod` "Cash" for cash,
/// `pos_card` "Card" or "Card and cash" for a card or split), `transaction_id` (the card's reference, else the
/// client UUID), currency, customer, lines with the sale's own `subtotal` and `total` (at 6 decimals, so the
/// server computes from the same amounts and a price changed upstream later does not change the order), coupon
/// codes, fees, and meta `_pos_client_uuid`, `_pos_sale_time` (ISO 8601 UTC), `_pos_local_number` (plus the
/// masked card meta). There is no separate mark-paid entry.
struct SaleBuilder {
    /// The payment gateway id sent for cash: WooCommerce's built-in "Cash on delivery" (`cod`), the gateway
    /// WooCommerce's own POS records cash sales with.
    static let cashPaymentMethod = "cod"
    static let cashPaymentMethodTitle = "Cash"
    static let saleTimeMetaKey = "_pos_sale_time"
    static let localNumberMetaKey = "_pos_local_number"
    /// A weighed line's net weight in grams (line meta; the line is quantity 1 with its own subtotal and total).
    static let weightGramsMetaKey = "_pos_weight_grams"
    /// A weighed line's price per kilogram in minor units (line meta).
    static let pricePerKilogramMetaKey = "_pos_price_per_kg"
    /// The visible line meta WooCommerce shows in the order: "1.234 kg x 12.99 EUR/kg".
    static let weightLabelMetaKey = "Weight"

    /// The line meta of a weighed line: the weight, the price per kilogram, and both as people read them.
    static func weightMeta(_ info: ResolvedCart.LineInfo, currency: Currency) -> [MetaData] {
        guard let grams = info.weightGrams, grams > 0 else { return [] }
        let weighed = WeighedLine(grams: grams, unitPrice: Money(minorUnits: info.unitPrice, currency: currency))
        return [
            MetaData(key: weightGramsMetaKey, value: .string(String(grams))),
            MetaData(key: pricePerKilogramMetaKey, value: .string(String(info.unitPrice))),
            MetaData(key: weightLabelMetaKey, value: .string(weighed.detail)),
        ]
    }
    /// Line meta of a manual item (a code the catalog lacked, sold at a typed price): the scanned code.
    static let manualItemMetaKey = "_pos_manual_item"

    let cart: ResolvedCart
    let totals: OrderTotals
    let customerId: Int64?
    let note: String

    private var currency: Currency { cart.settings.currency }
    private var decimals: Int { currency.exponent }

    /// The order and its parts, not yet inserted; its payments come from the sale's tenders.
    /// `receiptNumber`: the sale's number in its register's receipt series (Storage takes it as the sale completes).
    func detail(clientUUID: ClientUUID, localNumber: Int64, receiptNumber: Int64? = nil, now: Date,
                register: String? = nil, cashier: String = "") -> OrderRecordDetail {
        var order = OrderRecord(
            clientUUID: clientUUID, localNumber: localNumber, status: "pending", currency: currency,
            pricesIncludeTax: cart.input.pricesIncludeTax, subtotal: totals.subtotal,
            discountTotal: totals.discountTotal, discountTax: totals.discountTax, feeTotal: totals.feeTotal,
            totalTax: totals.totalTax, total: totals.total, customerId: customerId, customerNote: note,
            createdAt: now, syncState: .pending)
        order.registerId = register
        order.receiptNumber = receiptNumber
        order.cashier = cashier.isEmpty ? nil : cashier
        let lines = totals.lines.enumerated().map { index, line in
            let info = cart.info[index]
            return OrderLineRecord(
                orderId: 0, position: index, productId: info.productId, variationId: info.variationId, name: info.name,
                sku: info.sku, quantity: cart.input.lines[index].quantity, unitPrice: info.unitPrice,
                subtotal: minor(line.subtotal), subtotalTax: minorTax(line.subtotalTax), total: minor(line.total),
                totalTax: minorTax(line.totalTax), taxClass: info.taxClass,
                taxes: zip(line.subtotalTaxes, line.totalTaxes).map {
                    .init(rateId: $0.rateId, subtotal: minorTax($0.amount), total: minorTax($1.amount))
                }, weightGrams: info.weightGrams, manualItemCode: info.manualItemCode)
        }
        let fees = totals.fees.enumerated().map { index, fee in
            let input = cart.input.fees[index]
            return OrderFeeRecord(orderId: 0, position: index, name: input.name, taxClass: input.taxClass,
                                  taxStatus: input.taxable ? "taxable" : "none", total: minor(fee.total),
                                  totalTax: minorTax(fee.totalTax))
        }
        let coupons = totals.coupons.map {
            OrderCouponRecord(orderId: 0, code: $0.code, discount: $0.discount, discountTax: $0.discountTax)
        }
        let taxes = totals.taxLines.map {
            OrderTaxRecord(orderId: 0, rateId: $0.rate.id, rateCode: $0.rate.code, label: $0.rate.name,
                           ratePercent: $0.rate.rateText, compound: $0.rate.compound, taxTotal: $0.total)
        }
        return OrderRecordDetail(order: order, lines: lines, fees: fees, coupons: coupons, taxes: taxes,
                                 payments: [], outbox: [])
    }

    /// The body of `POST /wc/v3/orders`.
    func createBody(clientUUID: ClientUUID, localNumber: Int64, receiptNumber: Int64? = nil, now: Date,
                    payment: Payment, register: String? = nil, cashier: String = "") -> OrderFields {
        var fields = OrderFields(status: .pending, currency: currency.code)
        fields.setPaid = true
        fields.paymentMethod = payment.method
        fields.paymentMethodTitle = payment.title
        fields.transactionID = payment.transactionId
        fields.customerID = customerId
        if !note.isEmpty { fields.customerNote = note }
        fields.lineItems = totals.lines.enumerated().map { index, line in
            let info = cart.info[index]
            var item = OrderFields.LineItem(
                productID: info.productId, variationID: info.variationId, quantity: cart.input.lines[index].quantity,
                subtotal: line.subtotal.preciseMoney(code: currency.code), total: line.total.preciseMoney(code: currency.code),
                metaData: Self.weightMeta(info, currency: currency))
            if let code = info.manualItemCode {
                // No product: WooCommerce keeps the name and taxes the line by its class; the meta marks it for review.
                item.productID = nil
                item.name = info.name
                item.taxClass = info.taxClass.isEmpty ? "standard" : info.taxClass
                item.metaData = [MetaData(key: Self.manualItemMetaKey, value: .string(code))]
            }
            return item
        }
        if !cart.input.fees.isEmpty {
            fields.feeLines = cart.input.fees.map {
                OrderFields.FeeLine(name: $0.name, total: $0.amount.preciseMoney(code: currency.code),
                                    taxStatus: $0.taxable ? "taxable" : "none", taxClass: $0.taxClass)
            }
        }
        if !cart.input.coupons.isEmpty { fields.couponCodes = cart.input.coupons.map(\.code) }
        fields.metaData = [
            MetaData(key: Order.clientUUIDMetaKey, value: .string(clientUUID.description)),
            MetaData(key: Self.saleTimeMetaKey, value: .string(Self.iso8601(now))),
            MetaData(key: Self.localNumberMetaKey, value: .string(String(localNumber))),
        ] + registerMeta(register: register, receiptNumber: receiptNumber ?? localNumber, cashier: cashier) + payment.meta
        return fields
    }

    /// The register, its receipt number for this order and the cashier, as order meta: none without a
    /// register id, no cashier entry without a name.
    func registerMeta(register: String?, receiptNumber: Int64, cashier: String) -> [MetaData] {
        guard let register else { return [] }
        var meta = [
            MetaData(key: RegisterIdentity.registerMetaKey, value: .string(register)),
            MetaData(key: RegisterIdentity.receiptNumberMetaKey,
                     value: .string(RegisterIdentity.receiptNumber(register: register, number: receiptNumber))),
        ]
        if !cashier.isEmpty { meta.append(MetaData(key: RegisterIdentity.cashierMetaKey, value: .string(cashier))) }
        return meta
    }

    /// JSON text of a body, with Networking's encoder.
    static func text(_ fields: OrderFields) -> String {
        String(decoding: fields.json.encoded(), as: UTF8.self)
    }

    static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    private func minor(_ amount: PreciseAmount) -> Int64 { amount.minorUnits(exponent: decimals) }
    private func minorTax(_ amount: PreciseAmount) -> Int64 {
        amount.minorUnits(exponent: decimals, cart.input.pricesIncludeTax ? .halfDown : .halfUp)
    }
}
