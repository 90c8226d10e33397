import Foundation
import POSFoundation

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

    public func prepared(site: SiteAddress, routeStyle: RouteStyle, credentials: Credentials?) -> PreparedRequest {
        var url = site.url.absoluteString
        while url.hasSuffix("/") { url.removeLast() }
        url += "/" + RequestEncoding.encode(String(path.drop(while: { $0 == "/" })))
        if !query.isEmpty { url += "?" + RequestEncoding.queryString(query) }
        return PreparedRequest(method: method, url: url, body: body, authorization: bearerToken.map { "Bearer \($0)" })
    }
}
