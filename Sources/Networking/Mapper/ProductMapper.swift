import Foundation
import POSFoundation

/// Maps a product (`GET wc/v3/products/{id}`) into `Product`.
public struct ProductMapper: Mapper {
    public init() {}

    public func map(response: Data) throws -> Product {
        try JSONTape.one(from: response, Product.init(reading:at:))
    }
}
