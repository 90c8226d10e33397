import POSFoundation

/// An attribute of a product (`options`) or the chosen value of a variation (`option`).
///
/// Global attributes have an id; custom (local) attributes have id 0.
public struct ProductAttribute: Hashable, Sendable {
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
}

extension ProductAttribute {
    /// Reads the attribute at `index` of `tape`.
    init(reading tape: JSONTape, at index: Int) throws {
        let slots = try tape.object(at: index, keys: ["id", "name", "options", "option", "variation", "visible"])
        func field(_ slot: Int) -> JSONField { JSONField(tape: tape, index: slots[slot]) }
        self.init(id: field(0).lenientInt64() ?? 0, name: field(1).string(), options: field(2).stringList(),
                  option: field(3).lenientString(), isVariation: field(4).bool(), isVisible: field(5).lenientBool() ?? true)
    }
}
