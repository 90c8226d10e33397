import Foundation

/// A WordPress REST error: `{"code": …, "message": …, "data": {"status": N}}`.
public struct RESTError: Error, Sendable {
    /// The HTTP status.
    public var status: Int
    /// The WordPress error code (`rest_no_route`, `woocommerce_rest_shop_order_invalid_id`, …).
    public var code: String
    /// The human-readable message.
    public var message: String

    /// An error with status, code and message.
    public init(_ status: Int, _ code: String, _ message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    /// The body WordPress sends.
    var json: JSON {
        .object([("code", .string(code)), ("message", .string(message)), ("data", .object([("status", .int(Int64(status)))]))])
    }

    /// The response carrying this error.
    var response: HTTPResponse { .json(status, json) }

    static let noRoute = RESTError(404, "rest_no_route", "No route was found matching the URL and request method.")

    static func invalidID(_ kind: String) -> RESTError {
        RESTError(404, "woocommerce_rest_\(kind)_invalid_id", "Invalid ID.")
    }

    static func invalidParam(_ name: String, _ reason: String) -> RESTError {
        RESTError(400, "rest_invalid_param", "Invalid parameter(s): \(name) (\(reason))")
    }
}
