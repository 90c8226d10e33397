import POSFoundation

/// An attribute of a product (`options`) or the chosen value of a variation (`option`).
///
/// Global attributes have an id; custom (local) attributes have id 0.
public struct ProductAttribute: Hashable, Sendable, Decodable {
    public let id: RemoteID
    public let name: String
    /// The values a product offers ("S", "M", "L"); empty on a variation.
    public let options: [String]
    /// The value a variation has ("M"); nil on a product.
    public let option: String?
    /// Whether the attribute is used for variations.
    public let isVariation: Bool
    public let isVisible: Bool

    public init(id: RemoteID, name: String, options: [String] = [], option: String? = nil, isVariation: Bool = false, isVisible: Bool = true) {
        self.id = id
        self.name = name
        self.options = options
        self.option = option
        self.isVariation = isVariation
        self.isVisible = isVisible
    }

    enum CodingKeys: String, CodingKey { case id, name, options, option, variation, visible }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: c.lenientInt64(.id) ?? 0, name: c.string(.name), options: c.stringList(.options),
            option: c.lenientString(.option), isVariation: c.bool(.variation), isVisible: c.lenientBool(.visible) ?? true
        )
    }
}
