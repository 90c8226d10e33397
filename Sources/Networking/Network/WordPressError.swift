import Foundation

/// The error body WordPress and WooCommerce send: `{"code": "…", "message": "…", "data": {"status": 401}}`.
public struct WordPressError: Hashable, Sendable, Decodable, CustomStringConvertible {
    /// The machine code, such as `rest_forbidden`, `woocommerce_rest_shop_order_invalid_id`, `rest_no_route`.
    public let code: String
    /// The server's message, for people.
    public let message: String
    /// The HTTP status the server meant.
    public let status: Int?

    public init(code: String, message: String, status: Int? = nil) {
        self.code = code
        self.message = message
        self.status = status
    }

    /// Reads the error from a response body; nil when the body is not such an error.
    public init?(data: Data) {
        guard let error = try? JSONDecoder().decode(WordPressError.self, from: data) else { return nil }
        self = error
    }

    private enum CodingKeys: String, CodingKey { case code, message, data }
    private enum DataKeys: String, CodingKey { case status }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let code = c.lenientString(.code), !code.isEmpty else {
            throw DecodingError.keyNotFound(CodingKeys.code, .init(codingPath: [], debugDescription: "no error code"))
        }
        self.code = code
        message = c.string(.message)
        let data = try? c.nestedContainer(keyedBy: DataKeys.self, forKey: .data)
        status = data?.lenientInt(.status)
    }

    public var description: String { message.isEmpty ? code : "\(message) (\(code))" }
}
