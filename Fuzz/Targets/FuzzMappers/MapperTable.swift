import Foundation
import FuzzSupport
import Networking
import POSFoundation

/// Every WooCommerce mapper, in a fixed order: the input's first byte picks one (modulo the count).
enum MapperTable {
    /// Maps a body with the mapper at `index`; returns whether it mapped.
    static let mappers: [@Sendable (Data) throws -> Any] = [
        { try CouponListMapper().map(response: $0) },
        { try CustomerListMapper().map(response: $0) },
        { try OrderBatchMapper().map(response: $0) },
        { try OrderListMapper().map(response: $0) },
        { try OrderMapper().map(response: $0) },
        { try ProductCategoryListMapper().map(response: $0) },
        { try ProductListMapper().map(response: $0) },
        { try ProductMapper().map(response: $0) },
        { try ProductVariationListMapper(productID: RemoteID(7)).map(response: $0) },
        { try RefundListMapper(currency: .eur).map(response: $0) },
        { try RefundMapper(currency: .eur).map(response: $0) },
        { try SiteIndexMapper().map(response: $0) },
        { try SiteSettingListMapper().map(response: $0) },
        { try SystemStatusMapper().map(response: $0) },
        { try TaxClassListMapper().map(response: $0) },
        { try TaxRateListMapper().map(response: $0) },
        { try WordPressUserMapper().map(response: $0) },
    ]
}
