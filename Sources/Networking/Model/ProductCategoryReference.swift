import POSFoundation

/// A category reference inside a product: `{id, name, slug}`.
public struct ProductCategoryReference: Hashable, Sendable {
    public let id: RemoteID
    public let name: String
    public let slug: String
}

extension ProductCategoryReference {
    /// Reads the category reference at `index` of `tape`.
    init(reading tape: JSONTape, at index: Int) throws {
        let slots = try tape.object(at: index, keys: ["id", "name", "slug"])
        id = JSONField(tape: tape, index: slots[0]).lenientInt64() ?? 0
        name = JSONField(tape: tape, index: slots[1]).string()
        slug = JSONField(tape: tape, index: slots[2]).string()
    }
}
