import Foundation
import POSFoundation

/// Maps a refund (`GET/POST wc/v3/orders/{id}/refunds/{rid}`) into ``Refund``.
///
/// Refunds carry no currency: line-item amounts are counted in `currency` (the order's), exponent 2 of
/// an unknown currency when it is nil.
public struct RefundMapper: Mapper {
    public let currency: Currency?

    public init(currency: Currency? = nil) { self.currency = currency }

    public func map(response: Data) throws -> Refund {
        try WooJSON.decode(Refund.self, from: response, userInfo: currency.map { [.orderCurrency: $0] } ?? [:])
    }
}
