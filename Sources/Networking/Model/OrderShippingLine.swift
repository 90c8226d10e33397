import POSFoundation

/// A shipping line of an order.
public struct OrderShippingLine: Hashable, Sendable, Decodable, CurrencyScopedDecodable {
    public let id: RemoteID
    public let methodTitle: String
    public let methodID: String
    public let total: Money
    public let totalTax: Money
    public let taxes: [OrderItemTax]

    enum CodingKeys: String, CodingKey {
        case id, total, taxes
        case methodTitle = "method_title", methodID = "method_id", totalTax = "total_tax"
    }

    init(from decoder: any Decoder, currency: Currency) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = c.lenientInt64(.id) ?? 0
        methodTitle = c.string(.methodTitle)
        methodID = c.string(.methodID)
        total = try c.money(.total, in: currency)
        totalTax = try c.money(.totalTax, in: currency)
        taxes = try c.scopedArray(.taxes, of: OrderItemTax.self, currency: currency)
    }

    public init(from decoder: any Decoder) throws { try self.init(standaloneFrom: decoder) }
}
