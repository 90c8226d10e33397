import Foundation

/// Matches a method and a REST route against the route table and calls the handler with the path ids.
struct Router: Sendable {
    /// Handles one matched route; `ids` are the numeric `{id}` segments in order.
    typealias Handler = @Sendable (inout StoreState, RouteContext, [Int64]) throws -> HTTPResponse

    /// What a route needs from the caller.
    enum Permission: Sendable {
        /// Anyone.
        case everyone
        /// Any logged-in user.
        case loggedIn
        /// `manage_woocommerce`.
        case shopManager
    }

    struct Entry: Sendable {
        let methods: Set<String>
        let segments: [Substring]
        let permission: Permission
        let handler: Handler
    }

    private(set) var entries: [Entry] = []

    /// Adds a route like `wc/v3/orders/{id}/notes`.
    mutating func add(_ methods: Set<String>, _ pattern: String, _ permission: Permission = .shopManager,
                      _ handler: @escaping Handler) {
        entries.append(Entry(methods: methods, segments: pattern.split(separator: "/"), permission: permission,
                             handler: handler))
    }

    /// The matching entry and its ids; `nil` when no route matches the path and method.
    func match(method: String, route: String) -> (Entry, [Int64])? {
        let parts = route.split(separator: "/")
        for entry in entries where entry.methods.contains(method) && entry.segments.count == parts.count {
            var ids: [Int64] = []
            var matched = true
            for (pattern, part) in zip(entry.segments, parts) {
                if pattern == "{id}" {
                    guard let id = Int64(part), id >= 0 else { matched = false; break }
                    ids.append(id)
                } else if pattern.hasPrefix("{") {
                    continue
                } else if pattern != part {
                    matched = false
                    break
                }
            }
            if matched { return (entry, ids) }
        }
        return nil
    }
}
