import Foundation

/// What a server answered: body, status and headers.
public struct NetworkResponse: Hashable, Sendable {
    public let data: Data
    public let statusCode: Int
    public let headers: HTTPHeaders

    public init(data: Data, statusCode: Int = 200, headers: HTTPHeaders = [:]) {
        self.data = data
        self.statusCode = statusCode
        self.headers = headers
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(statusCode) }
}
