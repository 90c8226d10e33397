import POSFoundation

/// A product category, as `GET /wc/v3/products/categories` returns it.
public struct ProductCategory: Hashable, Sendable, Decodable {
    public let id: RemoteID
    public let name: String
    public let slug: String
    /// The parent category id, 0 at the top level.
    public let parentID: RemoteID
    public let menuOrder: Int
    /// How many products the category has.
    public let count: Int

    enum CodingKeys: String, CodingKey {
        case id, name, slug, parent, count
        case menuOrder = "menu_order"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.requiredID(.id)
        name = c.string(.name)
        slug = c.string(.slug)
        parentID = c.lenientInt64(.parent) ?? 0
        menuOrder = c.lenientInt(.menuOrder) ?? 0
        count = c.lenientInt(.count) ?? 0
    }
}
