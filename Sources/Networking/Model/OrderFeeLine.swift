import POSFoundation

/// A fee line of an order (a custom amount at the counter, a surcharge).
public struct OrderFeeLine: Hashable, Sendable, Decodable, CurrencyScopedDecodable {
    public let id: RemoteID
    public let name: String
    public let taxClass: String
    /// "taxable" or "none".
    public let taxStatus: String
    /// The fee amount as entered, when the server sends it.
    public let amount: Money?
    public let total: Money
    public let totalTax: Money
    public let taxes: [OrderItemTax]
    public let metaData: [MetaData]

    enum CodingKeys: String, CodingKey {
        case id, name, amount, total, taxes
        case taxClass = "tax_class", taxStatus = "tax_status", totalTax = "total_tax", metaData = "meta_data"
    }

    init(from decoder: any Decoder, currency: Currency) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = c.lenientInt64(.id) ?? 0
        name = c.string(.name)
        taxClass = c.string(.taxClass)
        taxStatus = c.string(.taxStatus)
        amount = try c.optionalMoney(.amount, in: currency)
        total = try c.money(.total, in: currency)
        totalTax = try c.money(.totalTax, in: currency)
        taxes = try c.scopedArray(.taxes, of: OrderItemTax.self, currency: currency)
        metaData = c.metaData(.metaData)
    }

    public init(from decoder: any Decoder) throws { try self.init(standaloneFrom: decoder) }
}
