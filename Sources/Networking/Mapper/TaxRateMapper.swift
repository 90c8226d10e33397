import Foundation
import POSFoundation

/// Maps a tax rate (`GET wc/v3/taxes/{id}`) into `TaxRate`.
public struct TaxRateMapper: Mapper {
    public init() {}

    public func map(response: Data) throws -> TaxRate {
        try WooJSON.decode(TaxRate.self, from: response)
    }
}
