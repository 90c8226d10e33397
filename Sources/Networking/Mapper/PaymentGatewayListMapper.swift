import Foundation
import POSFoundation

/// Maps payment gateways (`GET wc/v3/payment_gateways`) into `[PaymentGateway]`.
public struct PaymentGatewayListMapper: Mapper {
    public init() {}

    public func map(response: Data) throws -> [PaymentGateway] {
        try WooJSON.decode([PaymentGateway].self, from: response)
    }
}
