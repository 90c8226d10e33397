import Foundation
import POSFoundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request to a WordPress site's REST API, turned into a `URLRequest` for a site.
///
/// ``RESTRequest`` is the one implementation; the protocol is the seam ``Network``, ``MockNetwork`` and the
/// remotes share. The default ``urlRequest(site:routeStyle:credentials:)`` builds the URL, query or JSON body,
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

    /// The `URLRequest` for a site.
    ///
    /// - Throws: ``NetworkError/invalidSiteAddress(_:reason:)`` when no URL can be built.
    func urlRequest(site: SiteAddress, routeStyle: RouteStyle, credentials: Credentials?) throws(NetworkError) -> URLRequest
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

    public func urlRequest(site: SiteAddress, routeStyle: RouteStyle, credentials: Credentials?) throws(NetworkError) -> URLRequest {
        guard let url = RequestEncoding.url(site: site, path: path, query: query, style: routeStyle) else {
            throw NetworkError.invalidSiteAddress(site.description, reason: "No request URL could be built for /\(path).")
        }
        var request = URLRequest(url: url)
        request.httpMethod = method.rawValue
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue(NetworkingInfo.userAgent, forHTTPHeaderField: "User-Agent")
        request.httpShouldHandleCookies = false
        if !method.sendsParametersInQuery, let body {
            request.setValue("application/json; charset=utf-8", forHTTPHeaderField: "Content-Type")
            request.httpBody = body.encoded()
        }
        if requiresAuthentication, let credentials {
            request.setValue(credentials.authorizationHeaderValue, forHTTPHeaderField: "Authorization")
        }
        return request
    }
}

/// URL and query encoding shared by requests.
enum RequestEncoding {
    /// Characters left as they are in a query name or value: RFC 3986 unreserved plus "/", ",", ":".
    /// Everything else, "+" included (PHP reads "+" as a space), is percent-encoded.
    private static let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/,:")

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    static func queryString(_ items: [URLQueryItem]) -> String {
        items.map { encode($0.name) + "=" + encode($0.value ?? "") }.joined(separator: "&")
    }

    /// `{site}/wp-json/{path}?{query}` or `{site}/?rest_route=/{path}&{query}`.
    static func url(site: SiteAddress, path: String, query: [URLQueryItem], style: RouteStyle) -> URL? {
        let base = site.url.absoluteString
        let route = path.drop(while: { $0 == "/" })
        let encodedRoute = route.split(separator: "/", omittingEmptySubsequences: false).map { encode(String($0)) }.joined(separator: "/")
        let text: String
        switch style {
        case .prettyPermalinks:
            let queryText = query.isEmpty ? "" : "?" + queryString(query)
            text = "\(base)/wp-json/\(encodedRoute)\(queryText)"
        case .restRoute:
            let queryText = query.isEmpty ? "" : "&" + queryString(query)
            text = "\(base)/?rest_route=/\(encodedRoute)\(queryText)"
        }
        return URL(string: text)
    }
}
