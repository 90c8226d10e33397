import Foundation
import POSFoundation

/// Maps an order list (`GET wc/v3/orders`) into `[Order]`.
public struct OrderListMapper: Mapper {
    public init() {}

    public func map(response: Data) throws -> [Order] {
        try WooJSON.decode([Order].self, from: response)
    }
}
