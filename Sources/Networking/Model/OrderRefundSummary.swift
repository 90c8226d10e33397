import POSFoundation

/// The condensed refund an order lists in `refunds`: `{id, reason, total}` (total is negative).
public struct OrderRefundSummary: Hashable, Sendable, Decodable, CurrencyScopedDecodable {
    public let id: RemoteID
    public let reason: String
    /// The refunded amount as WooCommerce sends it: negative, such as -5.00.
    public let total: Money

    enum CodingKeys: String, CodingKey { case id, reason, total }

    init(from decoder: any Decoder, currency: Currency) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = c.lenientInt64(.id) ?? 0
        reason = c.string(.reason)
        total = try c.money(.total, in: currency)
    }

    public init(from decoder: any Decoder) throws { try self.init(standaloneFrom: decoder) }
}
