import Foundation
import POSFoundation

/// Maps order counts by status (`GET wc/v3/reports/orders/totals`) into `[OrderStatusTotal]`.
public struct OrderTotalsReportMapper: Mapper {
    public init() {}

    public func map(response: Data) throws -> [OrderStatusTotal] {
        try WooJSON.decode([OrderStatusTotal].self, from: response)
    }
}
