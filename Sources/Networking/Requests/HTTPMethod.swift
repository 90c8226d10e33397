/// An HTTP method of the WooCommerce REST API.
public enum HTTPMethod: String, Hashable, Sendable {
    case get = "GET"
    case post = "POST"
    case put = "PUT"
    case delete = "DELETE"

    /// Whether parameters go in the URL query (GET, DELETE) rather than a JSON body (POST, PUT).
    public var sendsParametersInQuery: Bool { self == .get || self == .delete }
}
