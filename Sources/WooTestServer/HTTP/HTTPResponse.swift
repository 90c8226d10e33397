import Foundation

/// One HTTP response as a handler returns it, plus how the connection should deliver it (faults may lose or cut it).
public struct HTTPResponse: Sendable {
    /// How the response leaves the server.
    public enum Delivery: Sendable, Equatable {
        /// Write it completely.
        case normal
        /// Write nothing and reset the connection (TCP RST).
        case reset
        /// Announce the full Content-Length but write only part of the body, then close.
        case truncated
    }

    /// The status code.
    public var status: Int
    /// Header fields in order (Content-Length and Connection are added when written).
    public var headers: [(String, String)]
    /// The body bytes.
    public var body: [UInt8]
    /// How to deliver it.
    public var delivery: Delivery = .normal
    /// Whether the server closes the connection after this answer (`Connection: close`), as many stores do.
    public var closesConnection = false
    /// How many items a list answer holds (the top-level array's count), for ``StoreCosts``.
    var itemCount = 0

    /// A response with a body and headers.
    public init(status: Int, headers: [(String, String)] = [], body: [UInt8] = [], delivery: Delivery = .normal) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delivery = delivery
    }

    /// A JSON response.
    static func json(_ status: Int, _ value: JSON, headers: [(String, String)] = []) -> HTTPResponse {
        var response = HTTPResponse(
            status: status,
            headers: [("Content-Type", "application/json; charset=UTF-8")] + headers,
            body: Array(value.data)
        )
        response.itemCount = value.arrayValue?.count ?? 0
        return response
    }

    /// An HTML page, as WordPress or a plain web server answers a path it has no route for.
    static func html(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: [("Content-Type", "text/html; charset=UTF-8")],
            body: Array("<!DOCTYPE html><html><head><title>\(text)</title></head><body><h1>\(text)</h1></body></html>".utf8)
        )
    }
}
