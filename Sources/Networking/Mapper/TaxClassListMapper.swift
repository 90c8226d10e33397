import Foundation
import POSFoundation

/// Maps tax classes (`GET wc/v3/taxes/classes`) into `[TaxClass]`.
public struct TaxClassListMapper: Mapper {
    public init() {}

    public func map(response: Data) throws -> [TaxClass] {
        try WooJSON.decode([TaxClass].self, from: response)
    }
}
