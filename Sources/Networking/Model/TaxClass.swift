import POSFoundation

/// A tax class: `{slug, name}` ("reduced-rate", "Reduced Rate").
public struct TaxClass: Hashable, Sendable, Decodable {
    public let slug: String
    public let name: String

    enum CodingKeys: String, CodingKey { case slug, name }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        slug = c.string(.slug)
        name = c.string(.name)
    }
}
