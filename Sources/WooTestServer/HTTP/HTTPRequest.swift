import Foundation

/// One HTTP request as the server's handlers see it (Hummingbird reads it off the wire, see ``HTTPServer``).
public struct HTTPRequest: Sendable {
    /// The method, upper-cased (`GET`, `POST`, …).
    public var method: String
    /// The percent-decoded path without the query (`/wp-json/wc/v3/orders`).
    public var path: String
    /// Query parameters in order, percent-decoded with `+` as space.
    public var queryItems: [(String, String)]
    /// Header fields with lower-cased names.
    public var headers: [String: String]
    /// The body bytes (empty when there is none).
    public var body: [UInt8]

    /// The last value of query parameter `name`.
    public func query(_ name: String) -> String? {
        queryItems.last(where: { $0.0 == name })?.1
    }

    /// The raw query rendered back as `a=b&c=d` (for logs).
    public var queryString: String {
        queryItems.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
    }

    /// Whether the client asked to close the connection after this response.
    var wantsClose: Bool {
        headers["connection"]?.lowercased().contains("close") ?? false
    }
}

extension HTTPRequest {
    /// Splits a request target into a decoded path and query items; nil when the encoding is invalid.
    static func splitTarget(_ target: String) -> (path: String, query: [(String, String)])? {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        guard let rawPath = parts.first, let path = percentDecode(String(rawPath), plusIsSpace: false) else {
            return nil
        }
        var query: [(String, String)] = []
        if parts.count == 2 {
            for pair in parts[1].split(separator: "&") where !pair.isEmpty {
                let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard let key = percentDecode(String(kv[0]), plusIsSpace: true),
                      let value = percentDecode(kv.count == 2 ? String(kv[1]) : "", plusIsSpace: true) else {
                    return nil
                }
                query.append((key, value))
            }
        }
        return (path, query)
    }

    /// Percent-decodes `text` (Foundation's decoding); nil on a malformed escape or invalid UTF-8.
    static func percentDecode(_ text: String, plusIsSpace: Bool) -> String? {
        (plusIsSpace ? text.replacingOccurrences(of: "+", with: " ") : text).removingPercentEncoding
    }
}
