import Foundation

/// A fault to inject into matching requests.
///
/// ```swift
/// server.faults.add(Fault(.status(503, retryAfter: 2), method: "POST", path: "/wc/v3/orders", count: 2))
/// ```
public struct Fault: Sendable, Equatable {
    /// What goes wrong.
    public enum Kind: Sendable, Equatable {
        /// Answer with this status (and a WordPress error body unless `body` is given) without applying the request.
        case status(Int, body: String? = nil, retryAfter: Int? = nil)
        /// Wait this many milliseconds, then handle the request normally.
        case latency(milliseconds: Int)
        /// Reset the connection (TCP RST) before the request is applied: nothing changes on the server.
        case resetBeforeWrite
        /// Apply the request, then reset the connection: the change is committed but the response is lost.
        case resetAfterWrite
        /// Apply the request and answer 200/201 with a body that is not valid JSON.
        case malformedJSON
        /// Apply the request and send only half of the announced body before closing.
        case truncatedBody
    }

    /// What goes wrong.
    public var kind: Kind
    /// The method to match (`nil` = any).
    public var method: String?
    /// A substring of the REST route (`/wc/v3/orders`) or raw path to match ("" = any).
    public var path: String
    /// How many matching requests it affects.
    public var count: Int
    /// Applies to one matching request in this many (1 = every one): `oneIn: 10` loses a tenth of the answers.
    /// Deterministic, so a failing run can be repeated.
    public var oneIn: Int
    /// How many matching requests it has seen.
    var seen = 0

    /// A fault for `count` requests matching `method` and `path`.
    public init(_ kind: Kind, method: String? = nil, path: String = "", count: Int = 1, oneIn: Int = 1) {
        self.kind = kind
        self.method = method?.uppercased()
        self.path = path
        self.count = count
        self.oneIn = max(1, oneIn)
    }

    func matches(method: String, route: String, rawPath: String) -> Bool {
        (self.method == nil || self.method == method)
            && (path.isEmpty || route.contains(path) || rawPath.contains(path))
    }
}
