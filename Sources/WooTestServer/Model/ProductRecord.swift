import Foundation

/// A product or a variation (WooCommerce stores both as products; a variation has a `parentID`).
public struct ProductRecord: Sendable {
    /// The id (products and variations share one sequence, like WordPress posts).
    public var id: Int64
    /// The parent product for a variation, else 0.
    public var parentID: Int64 = 0
    /// The name.
    public var name: String
    /// `simple`, `variable`, `grouped`, `external` or `variation`.
    public var type: String = "simple"
    /// `publish`, `draft`, `pending` or `private`.
    public var status: String = "publish"
    /// The SKU ("" when none).
    public var sku: String = ""
    /// The barcode (GTIN/EAN/UPC) in `global_unique_id`.
    public var globalUniqueID: String = ""
    /// The regular price as decimal text ("" when none).
    public var regularPrice: String = ""
    /// The sale price as decimal text ("" when none).
    public var salePrice: String = ""
    /// `taxable`, `shipping` or `none`.
    public var taxStatus: String = "taxable"
    /// The tax class slug ("" = standard; `parent` on variations).
    public var taxClass: String = ""
    /// Whether stock is tracked.
    public var manageStock: Bool = false
    /// The stock level when tracked (may go negative).
    public var stockQuantity: Int64?
    /// Category ids.
    public var categoryIDs: [Int64] = []
    /// Attributes: a product's `(name, options)` or a variation's `(name, [option])`.
    public var attributes: [(name: String, options: [String])] = []
    /// Variation ids of a variable product.
    public var variationIDs: [Int64] = []
    /// The description.
    public var description: String = ""
    /// Whether the product is virtual.
    public var virtual: Bool = false
    /// Whether the product is downloadable.
    public var downloadable: Bool = false
    /// How many were sold (paid orders).
    public var totalSales: Int64 = 0
    /// `meta_data`.
    public var metaData: [MetaDatum] = []
    /// Creation date.
    public var dateCreated: Date
    /// Last modification date.
    public var dateModified: Date

    /// The active price: the sale price when set, else the regular price.
    public var price: String { salePrice.isEmpty ? regularPrice : salePrice }

    /// `instock` or `outofstock` from the tracked stock.
    public var stockStatus: String {
        guard manageStock, let stockQuantity else { return "instock" }
        return stockQuantity > 0 ? "instock" : "outofstock"
    }

    /// The URL slug.
    var slug: String {
        name.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
    }
}

// MARK: - Equatable (identity and the fields tests compare)

extension ProductRecord: Equatable {
    public static func == (lhs: ProductRecord, rhs: ProductRecord) -> Bool {
        lhs.id == rhs.id && lhs.dateModified == rhs.dateModified && lhs.stockQuantity == rhs.stockQuantity
            && lhs.price == rhs.price && lhs.name == rhs.name
    }
}
