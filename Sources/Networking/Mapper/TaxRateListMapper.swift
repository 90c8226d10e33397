import Foundation
import POSFoundation

/// Maps tax rates (`GET wc/v3/taxes`) into `[TaxRate]`.
public struct TaxRateListMapper: Mapper {
    public init() {}

    public func map(response: Data) throws -> [TaxRate] {
        try WooJSON.decode([TaxRate].self, from: response)
    }
}
