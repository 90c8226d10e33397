import Foundation
import POSFoundation

/// Maps a payment gateway (`GET wc/v3/payment_gateways/{id}`) into `PaymentGateway`.
public struct PaymentGatewayMapper: Mapper {
    public init() {}

    public func map(response: Data) throws -> PaymentGateway {
        try WooJSON.decode(PaymentGateway.self, from: response)
    }
}
