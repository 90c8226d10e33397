import Foundation

/// A product category.
public struct CategoryRecord: Sendable, Equatable {
    /// The id.
    public var id: Int64
    /// The name.
    public var name: String
    /// The slug.
    public var slug: String
    /// The parent category, 0 at the top.
    public var parent: Int64 = 0

    func json(count: Int) -> JSON {
        .object([
            ("id", .int(id)), ("name", .string(name)), ("slug", .string(slug)), ("parent", .int(parent)),
            ("description", .string("")), ("display", .string("default")), ("image", .null),
            ("menu_order", .int(0)), ("count", .int(Int64(count))),
        ])
    }
}
