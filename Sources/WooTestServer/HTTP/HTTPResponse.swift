import Foundation

/// One HTTP response, plus how the connection should deliver it (faults may lose or cut it).
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

    /// A response with a body and headers.
    public init(status: Int, headers: [(String, String)] = [], body: [UInt8] = [], delivery: Delivery = .normal) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delivery = delivery
    }

    /// A JSON response.
    static func json(_ status: Int, _ value: JSON, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: [("Content-Type", "application/json; charset=UTF-8")] + headers,
            body: Array(value.serialized().utf8)
        )
    }

    /// An HTML page, as WordPress or a plain web server answers a path it has no route for.
    static func html(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: [("Content-Type", "text/html; charset=UTF-8")],
            body: Array("<!DOCTYPE html><html><head><title>\(text)</title></head><body><h1>\(text)</h1></body></html>".utf8)
        )
    }

    /// The reason phrase for common codes.
    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 409: "Conflict"
        case 413: "Payload Too Large"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "Status"
        }
    }

    /// The head (status line and headers) as written on the wire.
    func head(keepAlive: Bool) -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(HTTPResponse.reason(status))\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        text += "Content-Length: \(body.count)\r\n"
        text += "Connection: \(keepAlive ? "keep-alive" : "close")\r\n\r\n"
        return Array(text.utf8)
    }
}
