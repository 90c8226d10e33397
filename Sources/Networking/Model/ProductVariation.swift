import Foundation
import POSFoundation

/// A variation of a variable product, as `GET /wc/v3/products/{id}/variations` returns it.
///
/// Prices are ``ExactDecimal`` values without currency, as for ``Product``. ``productID`` is the parent
/// product: taken from `parent_id` when the payload has it, else from the request (see the mapper).
public struct ProductVariation: Hashable, Sendable {
    public let id: RemoteID
    public let productID: RemoteID
    public let sku: String
    public let globalUniqueID: String
    public let status: String
    public let price: ExactDecimal?
    public let regularPrice: ExactDecimal?
    public let salePrice: ExactDecimal?
    public let onSale: Bool
    public let purchasable: Bool
    public let taxStatus: String
    public let taxClass: String
    public let manageStock: Bool
    public let stockQuantity: ExactDecimal?
    public let stockStatus: String
    /// The chosen value of each attribute ("Color: Blue").
    public let attributes: [ProductAttribute]
    public let dateModified: Date?
    public let imageURL: String?
    public let metaData: [MetaData]
}

extension ProductVariation {
    static let readKeys: [StaticString] = [
        "id", "parent_id", "sku", "global_unique_id", "status", "price", "regular_price", "sale_price", "on_sale",
        "purchasable", "tax_status", "tax_class", "manage_stock", "stock_quantity", "stock_status", "attributes",
        "date_modified_gmt", "date_modified", "image", "meta_data",
    ]

    /// Reads the variation at `index` of `tape`; `productID` is the parent's id when the answer lacks `parent_id`.
    init(reading tape: JSONTape, at index: Int, productID fallback: RemoteID?) throws {
        let slots = try tape.object(at: index, keys: Self.readKeys)
        func field(_ slot: Int) -> JSONField {
            JSONField(tape: tape, index: slots[slot], key: Self.readKeys[slot])
        }
        id = try field(0).requiredID()
        productID = field(1).lenientInt64() ?? fallback ?? 0
        sku = field(2).string()
        globalUniqueID = field(3).string()
        status = field(4).string()
        price = try field(5).lenientDecimal()
        regularPrice = try field(6).lenientDecimal()
        salePrice = try field(7).lenientDecimal()
        onSale = field(8).bool()
        purchasable = field(9).lenientBool() ?? true
        taxStatus = field(10).lenientString() ?? "taxable"
        taxClass = field(11).string()
        manageStock = field(12).bool()
        stockQuantity = try? field(13).lenientQuantity()
        stockStatus = field(14).string()
        attributes = (try? field(15).lenientArray(ProductAttribute.init(reading:at:))) ?? []
        dateModified = field(16).lenientDate(orLocal: field(17))
        imageURL = (try? field(18).lenientObject(ImageReference.init(reading:at:)))?.src
        metaData = field(19).metaData()
    }
}
