import Foundation
import POSFoundation

/// Maps a customer list (`GET wc/v3/customers`) into `[Customer]`.
public struct CustomerListMapper: Mapper {
    public init() {}

    public func map(response: Data) throws -> [Customer] {
        try WooJSON.decode([Customer].self, from: response)
    }
}
