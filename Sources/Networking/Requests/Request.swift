import Foundation
import POSFoundation

/// A request to a WordPress site's REST API, prepared for a site as a method, a URL, headers and a body.
///
/// ``RESTRequest`` and ``FiskalyRequest`` implement it; the protocol is the seam ``Network``, ``MockNetwork`` and
/// the remotes share. The default ``prepared(site:routeStyle:credentials:)`` builds the URL, query or JSON body,
/// and the headers (`Accept`, `User-Agent`, `Authorization: Basic` when authenticated).
public protocol Request: Sendable, CustomStringConvertible {
    var method: HTTPMethod { get }
    /// The route below `/wp-json/` without a leading slash: `wc/v3/orders/12`, `wp/v2/users/me`, "" for the index.
    var path: String { get }
    /// The parameters sent in the URL (GET/DELETE); POST/PUT send ``body``.
    var query: [URLQueryItem] { get }
    /// The JSON body for POST/PUT.
    var body: JSONValue? { get }
    /// Whether the request carries the credentials (false for the public index).
    var requiresAuthentication: Bool { get }

    /// The request for a site, ready for the HTTP client.
    func prepared(site: SiteAddress, routeStyle: RouteStyle, credentials: Credentials?) -> PreparedRequest
}

/// What goes on the wire for a ``Request``: built as plain strings, without Foundation's `URLRequest`, whose header
/// normalisation and URL parsing on Linux cost a tenth of a request's client CPU (docs/performance.md). The path and
/// query are percent-encoded here and the site was checked when it was entered, so the URL is well formed.
public struct PreparedRequest: Hashable, Sendable {
    public struct Header: Hashable, Sendable {
        public var name: String
        public var value: String
    }

    public var method: HTTPMethod
    public var url: String
    public var headers: [Header]
    public var body: Data?

    /// The value of a header (names compared without case), if sent.
    public func value(forHeader name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The common headers, a JSON body when there is one, and `authorization` when given.
    init(method: HTTPMethod, url: String, body: JSONValue?, authorization: String?) {
        self.method = method
        self.url = url
        headers = [Header(name: "Accept", value: "application/json"), Header(name: "User-Agent", value: NetworkingInfo.userAgent)]
        if !method.sendsParametersInQuery, let body {
            headers.append(Header(name: "Content-Type", value: "application/json; charset=utf-8"))
            self.body = body.encoded()
        }
        if let authorization { headers.append(Header(name: "Authorization", value: authorization)) }
    }
}

/// The `User-Agent` every request sends.
public enum NetworkingInfo {
    /// The version of this client, sent in `User-Agent`.
    public static let version = "0.1.0"
    /// "pos/0.1.0 (Linux; WooCommerce REST)".
    public static let userAgent = "pos/\(version) (Linux; WooCommerce REST)"
}

extension Request {
    public var description: String {
        let queryText = query.isEmpty ? "" : "?" + RequestEncoding.queryString(query)
        return "\(method.rawValue) /\(path)\(queryText)"
    }

    public func prepared(site: SiteAddress, routeStyle: RouteStyle, credentials: Credentials?) -> PreparedRequest {
        PreparedRequest(method: method, url: RequestEncoding.url(site: site, path: path, query: query, style: routeStyle),
                        body: body, authorization: requiresAuthentication ? credentials?.authorizationHeaderValue : nil)
    }
}

/// URL and query encoding shared by requests.
enum RequestEncoding {
    /// Characters left as they are in a route or a query name or value: RFC 3986 unreserved plus "/", ",", ":".
    /// Everything else, "+" included (PHP reads "+" as a space), is percent-encoded, over UTF-8 bytes rather than
    /// Foundation's `addingPercentEncoding`, whose CoreFoundation bridging cost a tenth of a request's client CPU
    /// (docs/performance.md).
    static func encode(_ text: String) -> String {
        let utf8 = text.utf8
        if utf8.allSatisfy(isAllowed) { return text }
        let hex = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        encoded.reserveCapacity(utf8.count * 3)
        for byte in utf8 {
            if isAllowed(byte) {
                encoded.append(byte)
            } else {
                encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"),
             UInt8(ascii: ","), UInt8(ascii: ":"):
            return true
        default:
            return false
        }
    }

    static func queryString(_ items: [URLQueryItem]) -> String {
        items.map { encode($0.name) + "=" + encode($0.value ?? "") }.joined(separator: "&")
    }

    /// `{site}/wp-json/{path}?{query}` or `{site}/?rest_route=/{path}&{query}`.
    static func url(site: SiteAddress, path: String, query: [URLQueryItem], style: RouteStyle) -> String {
        let base = site.url.absoluteString
        // "/" is left as it is, so the route's segments keep their separators.
        let encodedRoute = encode(String(path.drop(while: { $0 == "/" })))
        switch style {
        case .prettyPermalinks:
            return "\(base)/wp-json/\(encodedRoute)" + (query.isEmpty ? "" : "?" + queryString(query))
        case .restRoute:
            return "\(base)/?rest_route=/\(encodedRoute)" + (query.isEmpty ? "" : "&" + queryString(query))
        }
    }
}
