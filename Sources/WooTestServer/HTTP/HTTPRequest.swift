import Foundation

/// One parsed HTTP/1.1 request.
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
    /// Whether the request line said HTTP/1.0 (no keep-alive unless asked for).
    var isHTTP10 = false

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
        let connection = headers["connection"]?.lowercased() ?? ""
        return connection.contains("close") || (isHTTP10 && !connection.contains("keep-alive"))
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

    /// Percent-decodes `text`; nil on a malformed escape or invalid UTF-8.
    static func percentDecode(_ text: String, plusIsSpace: Bool) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = iterator.next(), let low = iterator.next(),
                      let value = UInt8(String(bytes: [high, low], encoding: .ascii) ?? "", radix: 16) else {
                    return nil
                }
                bytes.append(value)
            } else if plusIsSpace, byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else {
                bytes.append(byte)
            }
        }
        return String(bytes: bytes, encoding: .utf8)
    }
}
