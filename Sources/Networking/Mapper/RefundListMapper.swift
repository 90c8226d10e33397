import Foundation
import POSFoundation

/// Maps a refund list (`GET wc/v3/orders/{id}/refunds`) into `[Refund]`, line items in `currency`.
public struct RefundListMapper: Mapper {
    public let currency: Currency?

    public init(currency: Currency? = nil) { self.currency = currency }

    public func map(response: Data) throws -> [Refund] {
        try WooJSON.decode([Refund].self, from: response, userInfo: currency.map { [.orderCurrency: $0] } ?? [:])
    }
}
