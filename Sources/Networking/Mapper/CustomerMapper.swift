import Foundation
import POSFoundation

/// Maps a customer (`GET wc/v3/customers/{id}`) into `Customer`.
public struct CustomerMapper: Mapper {
    public init() {}

    public func map(response: Data) throws -> Customer {
        try WooJSON.decode(Customer.self, from: response)
    }
}
