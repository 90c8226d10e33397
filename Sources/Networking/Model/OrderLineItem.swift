import Foundation
import POSFoundation

/// A product line of an order or a refund.
///
/// Amounts are ``Money`` in the order's currency. The unit ``price`` is sent by WooCommerce as a JSON number
/// with any number of decimals (total ÷ quantity), so it is kept exact as an ``ExactDecimal``.
public struct OrderLineItem: Hashable, Sendable, Decodable, CurrencyScopedDecodable {
    public let id: RemoteID
    public let name: String
    public let productID: RemoteID
    /// The variation id, 0 when the line is a simple product.
    public let variationID: RemoteID
    /// The quantity: negative in refunds; a whole number in WooCommerce core.
    public let quantity: ExactDecimal
    public let taxClass: String
    public let subtotal: Money
    public let subtotalTax: Money
    public let total: Money
    public let totalTax: Money
    public let taxes: [OrderItemTax]
    public let sku: String
    /// The unit price after discounts, as sent (a JSON number with arbitrary decimals).
    public let price: ExactDecimal?
    public let metaData: [MetaData]

    public init(
        id: RemoteID, name: String, productID: RemoteID, variationID: RemoteID, quantity: ExactDecimal,
        taxClass: String, subtotal: Money, subtotalTax: Money, total: Money, totalTax: Money,
        taxes: [OrderItemTax], sku: String, price: ExactDecimal?, metaData: [MetaData]
    ) {
        self.id = id
        self.name = name
        self.productID = productID
        self.variationID = variationID
        self.quantity = quantity
        self.taxClass = taxClass
        self.subtotal = subtotal
        self.subtotalTax = subtotalTax
        self.total = total
        self.totalTax = totalTax
        self.taxes = taxes
        self.sku = sku
        self.price = price
        self.metaData = metaData
    }

    enum CodingKeys: String, CodingKey {
        case id, name, quantity, sku, price, taxes, total, subtotal
        case productID = "product_id", variationID = "variation_id", taxClass = "tax_class"
        case subtotalTax = "subtotal_tax", totalTax = "total_tax", metaData = "meta_data"
    }

    init(from decoder: any Decoder, currency: Currency) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: c.lenientInt64(.id) ?? 0,
            name: c.string(.name),
            productID: c.lenientInt64(.productID) ?? 0,
            variationID: c.lenientInt64(.variationID) ?? 0,
            quantity: try c.lenientDecimal(.quantity) ?? ExactDecimal(0),
            taxClass: c.string(.taxClass),
            subtotal: try c.money(.subtotal, in: currency),
            subtotalTax: try c.money(.subtotalTax, in: currency),
            total: try c.money(.total, in: currency),
            totalTax: try c.money(.totalTax, in: currency),
            taxes: try c.scopedArray(.taxes, of: OrderItemTax.self, currency: currency),
            sku: c.string(.sku),
            price: try? c.lenientDecimal(.price),
            metaData: c.metaData(.metaData)
        )
    }

    public init(from decoder: any Decoder) throws { try self.init(standaloneFrom: decoder) }
}
