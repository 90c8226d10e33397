import Foundation
import POSFoundation

/// Maps a batch answer (`POST wc/v3/orders/batch`) into ``OrderBatchResult``.
public struct OrderBatchMapper: Mapper {
    public init() {}

    public func map(response: Data) throws -> OrderBatchResult {
        try WooJSON.decode(OrderBatchResult.self, from: response)
    }
}
