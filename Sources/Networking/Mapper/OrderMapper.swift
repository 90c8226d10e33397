import Foundation
import POSFoundation

/// Maps an order (`GET/POST wc/v3/orders/{id}`) into `Order`.
public struct OrderMapper: Mapper {
    public init() {}

    public func map(response: Data) throws -> Order {
        try WooJSON.decode(Order.self, from: response)
    }
}
