import POSFoundation

/// A tax line of an order: one tax rate's total over the whole order.
public struct OrderTaxLine: Hashable, Sendable, Decodable, CurrencyScopedDecodable {
    public let id: RemoteID
    /// The rate code, such as "US-NY-STATE-1".
    public let rateCode: String
    public let rateID: RemoteID
    public let label: String
    public let isCompound: Bool
    public let taxTotal: Money
    public let shippingTaxTotal: Money
    /// The rate in percent ("19" or "8.875"), nil on stores older than WooCommerce 5.7.
    public let ratePercent: ExactDecimal?
    public let metaData: [MetaData]

    enum CodingKeys: String, CodingKey {
        case id, label, compound
        case rateCode = "rate_code", rateID = "rate_id", taxTotal = "tax_total"
        case shippingTaxTotal = "shipping_tax_total", ratePercent = "rate_percent", metaData = "meta_data"
    }

    init(from decoder: any Decoder, currency: Currency) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = c.lenientInt64(.id) ?? 0
        rateCode = c.string(.rateCode)
        rateID = c.lenientInt64(.rateID) ?? 0
        label = c.string(.label)
        isCompound = c.bool(.compound)
        taxTotal = try c.money(.taxTotal, in: currency)
        shippingTaxTotal = try c.money(.shippingTaxTotal, in: currency)
        ratePercent = try? c.lenientDecimal(.ratePercent)
        metaData = c.metaData(.metaData)
    }

    public init(from decoder: any Decoder) throws { try self.init(standaloneFrom: decoder) }
}
