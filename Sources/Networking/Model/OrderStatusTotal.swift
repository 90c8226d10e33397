import POSFoundation

/// How many orders have one status (`GET /wc/v3/reports/orders/totals`).
public struct OrderStatusTotal: Hashable, Sendable, Decodable {
    public let slug: String
    public let name: String
    public let total: Int

    /// The status the slug stands for.
    public var status: OrderStatus { OrderStatus(slug: slug) }

    enum CodingKeys: String, CodingKey { case slug, name, total }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        slug = c.string(.slug)
        name = c.string(.name)
        total = c.lenientInt(.total) ?? 0
    }
}
