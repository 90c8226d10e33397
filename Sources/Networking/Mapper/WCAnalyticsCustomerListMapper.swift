import Foundation
import POSFoundation

/// Maps an analytics customer search (`GET wc-analytics/customers`) into `[WCAnalyticsCustomer]`.
public struct WCAnalyticsCustomerListMapper: Mapper {
    public init() {}

    public func map(response: Data) throws -> [WCAnalyticsCustomer] {
        try WooJSON.decode([WCAnalyticsCustomer].self, from: response)
    }
}
