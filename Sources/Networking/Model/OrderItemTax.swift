import POSFoundation

/// One tax rate's share of a line or fee: `{id, total, subtotal}` where `id` is the tax rate id.
public struct OrderItemTax: Hashable, Sendable, Decodable, CurrencyScopedDecodable {
    /// The tax rate id.
    public let rateID: RemoteID
    public let total: Money
    public let subtotal: Money

    public init(rateID: RemoteID, total: Money, subtotal: Money) {
        self.rateID = rateID
        self.total = total
        self.subtotal = subtotal
    }

    enum CodingKeys: String, CodingKey { case id, total, subtotal }

    init(from decoder: any Decoder, currency: Currency) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        rateID = c.lenientInt64(.id) ?? 0
        total = try c.money(.total, in: currency)
        subtotal = try c.money(.subtotal, in: currency)
    }

    public init(from decoder: any Decoder) throws { try self.init(standaloneFrom: decoder) }
}
