import Foundation

/// Maps `{"message": "…"}` from an order action.
public struct OrderActionMessageMapper: Mapper {
    public init() {}

    private struct Body: Decodable { var message: String? }

    public func map(response: Data) throws -> String {
        try WooJSON.decode(Body.self, from: response).message ?? ""
    }
}
