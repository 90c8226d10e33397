import Foundation
import POSFoundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request to fiskaly's SIGN DE API v2, sent through the same ``Network`` as the store's requests.
///
/// The network's site is fiskaly's API base (`https://kassensichv-middleware.fiskaly.com/api/v2`, or a loopback
/// simulator in tests), so ``path`` is relative to it (`tss/{id}/tx/{id}`). WordPress route styles and the store's
/// application password never apply: the request carries its own `Authorization: Bearer` token, which
/// ``description`` never prints.
public struct FiskalyRequest: Request, CustomReflectable {
    public let method: HTTPMethod
    public let path: String
    public let query: [URLQueryItem]
    public let body: JSONValue?
    /// The access token, or nil for `POST /auth`.
    let bearerToken: String?

    /// The store's credentials never go to fiskaly.
    public var requiresAuthentication: Bool { false }

    public init(method: HTTPMethod, path: String, query: [URLQueryItem] = [], body: JSONValue? = nil,
                bearerToken: String? = nil) {
        self.method = method
        self.path = path
        self.query = query
        self.body = body
        self.bearerToken = bearerToken
    }

    /// `dump` and mirrors never show the token.
    public var customMirror: Mirror {
        Mirror(self, children: ["method": method, "path": path, "query": query,
                                "bearerToken": bearerToken == nil ? "nil" : "<redacted>"])
    }

    public func urlRequest(site: SiteAddress, routeStyle: RouteStyle, credentials: Credentials?) throws(NetworkError)
        -> URLRequest {
        var text = site.url.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        text += "/" + path.drop(while: { $0 == "/" })
        if !query.isEmpty { text += "?" + RequestEncoding.queryString(query) }
        guard let url = URL(string: text) else {
            throw NetworkError.invalidSiteAddress(site.description, reason: "No fiskaly URL could be built for /\(path).")
        }
        var request = URLRequest(url: url)
        request.httpMethod = method.rawValue
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue(NetworkingInfo.userAgent, forHTTPHeaderField: "User-Agent")
        request.httpShouldHandleCookies = false
        if let body {
            request.setValue("application/json; charset=utf-8", forHTTPHeaderField: "Content-Type")
            request.httpBody = body.encoded()
        }
        if let bearerToken {
            request.setValue("Bearer \(bearerToken)", forHTTPHeaderField: "Authorization")
        }
        return request
    }
}
