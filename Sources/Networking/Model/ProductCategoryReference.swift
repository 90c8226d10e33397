import POSFoundation

/// A category reference inside a product: `{id, name, slug}`.
public struct ProductCategoryReference: Hashable, Sendable, Decodable {
    public let id: RemoteID
    public let name: String
    public let slug: String

    enum CodingKeys: String, CodingKey { case id, name, slug }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = c.lenientInt64(.id) ?? 0
        name = c.string(.name)
        slug = c.string(.slug)
    }
}
