import Foundation
import POSFoundation

/// Maps a variation list (`GET wc/v3/products/{id}/variations`); `productID` fills in a missing `parent_id`.
public struct ProductVariationListMapper: Mapper {
    public let productID: RemoteID?

    public init(productID: RemoteID? = nil) { self.productID = productID }

    public func map(response: Data) throws -> [ProductVariation] {
        try JSONTape.list(from: response) { tape, index in
            try ProductVariation(reading: tape, at: index, productID: productID)
        }
    }
}
