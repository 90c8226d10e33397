import POSFoundation

/// A coupon applied to an order and the discount it gave.
public struct OrderCouponLine: Hashable, Sendable, Decodable, CurrencyScopedDecodable {
    public let id: RemoteID
    public let code: String
    public let discount: Money
    public let discountTax: Money
    public let metaData: [MetaData]

    enum CodingKeys: String, CodingKey {
        case id, code, discount
        case discountTax = "discount_tax", metaData = "meta_data"
    }

    init(from decoder: any Decoder, currency: Currency) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = c.lenientInt64(.id) ?? 0
        code = c.string(.code)
        discount = try c.money(.discount, in: currency)
        discountTax = try c.money(.discountTax, in: currency)
        metaData = c.metaData(.metaData)
    }

    public init(from decoder: any Decoder) throws { try self.init(standaloneFrom: decoder) }
}
