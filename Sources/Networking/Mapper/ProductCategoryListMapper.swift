import Foundation
import POSFoundation

/// Maps categories (`GET wc/v3/products/categories`) into `[ProductCategory]`.
public struct ProductCategoryListMapper: Mapper {
    public init() {}

    public func map(response: Data) throws -> [ProductCategory] {
        try WooJSON.decode([ProductCategory].self, from: response)
    }
}
