import Foundation
import POSFoundation

/// Maps a product list (`GET wc/v3/products`) into `[Product]`.
public struct ProductListMapper: Mapper {
    public init() {}

    public func map(response: Data) throws -> [Product] {
        try JSONTape.list(from: response, Product.init(reading:at:))
    }
}
