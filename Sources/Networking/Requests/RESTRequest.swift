import Foundation
import POSFoundation

/// A request to the WordPress REST API: method, route, query parameters and JSON body.
///
/// ```swift
/// let list = RESTRequest.wooCommerce(.get, "orders", query: ["status": "any", "page": "2"])
/// let create = RESTRequest.wooCommerce(.post, "orders", body: ["status": "pending"])
/// let me = RESTRequest.wordPress(.get, "users/me", query: ["context": "edit"])
/// ```
public struct RESTRequest: Request, Hashable {
    public let method: HTTPMethod
    public let path: String
    public let query: [URLQueryItem]
    public let body: JSONValue?
    public let requiresAuthentication: Bool

    /// A request to any route.
    ///
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - path: The full route without a leading slash, such as `wc/v3/orders`.
    ///   - query: Query parameters (for every method; GET/DELETE carry all their parameters here).
    ///   - body: The JSON body, sent for POST and PUT only.
    ///   - requiresAuthentication: Whether to send the credentials.
    public init(method: HTTPMethod, path: String, query: [URLQueryItem] = [], body: JSONValue? = nil, requiresAuthentication: Bool = true) {
        self.method = method
        self.path = String(path.drop(while: { $0 == "/" }))
        self.query = query
        self.body = body
        self.requiresAuthentication = requiresAuthentication
    }

    /// A WooCommerce request: `wc/v3/{path}`.
    public static func wooCommerce(_ method: HTTPMethod, _ path: String, query: QueryParameters = [:], body: JSONValue? = nil) -> RESTRequest {
        RESTRequest(method: method, path: "wc/v3/" + path, query: query.items, body: body)
    }

    /// A WordPress core request: `wp/v2/{path}`.
    public static func wordPress(_ method: HTTPMethod, _ path: String, query: QueryParameters = [:]) -> RESTRequest {
        RESTRequest(method: method, path: "wp/v2/" + path, query: query.items)
    }

    /// The unauthenticated REST index, `GET /wp-json/`.
    public static let index = RESTRequest(method: .get, path: "", requiresAuthentication: false)
}

/// Ordered query parameters, written as a dictionary literal or built up; nil values are left out.
public struct QueryParameters: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    public private(set) var items: [URLQueryItem]

    public init(_ items: [URLQueryItem] = []) { self.items = items }

    public init(dictionaryLiteral elements: (String, String?)...) {
        items = elements.compactMap { name, value in value.map { URLQueryItem(name: name, value: $0) } }
    }

    /// Adds a parameter when the value is not nil.
    public mutating func set(_ name: String, _ value: String?) {
        guard let value else { return }
        items.removeAll { $0.name == name }
        items.append(URLQueryItem(name: name, value: value))
    }

    /// Adds an integer parameter when not nil.
    public mutating func set(_ name: String, _ value: Int64?) { set(name, value.map { String($0) }) }

    /// Adds an integer parameter when not nil.
    public mutating func set(_ name: String, _ value: Int?) { set(name, value.map { String($0) }) }

    /// Adds a boolean parameter ("true"/"false") when not nil.
    public mutating func set(_ name: String, _ value: Bool?) { set(name, value.map { $0 ? "true" : "false" }) }

    /// Adds a date parameter in WooCommerce's `yyyy-MM-ddTHH:mm:ss` (UTC) form when not nil.
    public mutating func set(_ name: String, _ value: Date?) { set(name, value.map(WooDate.format)) }

    /// Adds a comma-separated list when not empty.
    public mutating func set(_ name: String, list: [String]) {
        guard !list.isEmpty else { return }
        set(name, list.joined(separator: ","))
    }
}
