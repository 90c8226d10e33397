import Foundation
import GRDB

/// A catalog product as last synced from WooCommerce.
///
/// Prices are the decimal strings the server sent (they may carry more decimals than the currency);
/// ``priceMinorUnits`` is the price in the store currency's minor units when the caller could compute it.
/// `sku` and `globalUniqueId` are `nil` rather than empty, so the barcode index holds only real codes.
public struct ProductRecord: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "product"
    /// The product's variations.
    public static let variations = hasMany(ProductVariationRecord.self)

    /// The WooCommerce product id.
    public var id: Int64
    public var name: String
    public var slug: String
    /// "simple", "variable", "grouped" or "external".
    public var type: String
    /// "publish", "draft", "pending" or "private".
    public var status: String
    public var sku: String?
    /// The GTIN, UPC, EAN or ISBN (`global_unique_id`).
    public var globalUniqueId: String?
    /// The active price as the server wrote it ("12.50"); empty when the product has none.
    public var price: String
    public var regularPrice: String
    public var salePrice: String
    /// ``price`` in the store currency's minor units, when known.
    public var priceMinorUnits: Int64?
    /// "taxable", "shipping" or "none".
    public var taxStatus: String
    /// The tax class slug; empty for the standard class.
    public var taxClass: String
    public var manageStock: Bool
    public var stockQuantity: Int64?
    /// "instock", "outofstock" or "onbackorder".
    public var stockStatus: String
    public var purchasable: Bool
    public var imageURL: String?
    /// The server's `date_modified_gmt`.
    public var dateModified: Date?
    /// Sold by weight: ``price`` is per kilogram and a scan asks the scale (product meta `_pos_sold_by_weight`).
    public var soldByWeight: Bool

    /// Creates a product; every field except `id` and `name` has a WooCommerce default.
    public init(
        id: Int64, name: String, slug: String = "", type: String = "simple", status: String = "publish",
        sku: String? = nil, globalUniqueId: String? = nil, price: String = "", regularPrice: String = "",
        salePrice: String = "", priceMinorUnits: Int64? = nil, taxStatus: String = "taxable", taxClass: String = "",
        manageStock: Bool = false, stockQuantity: Int64? = nil, stockStatus: String = "instock",
        purchasable: Bool = true, imageURL: String? = nil, dateModified: Date? = nil, soldByWeight: Bool = false
    ) {
        self.soldByWeight = soldByWeight
        self.id = id
        self.name = name
        self.slug = slug
        self.type = type
        self.status = status
        self.sku = sku.flatMap { $0.isEmpty ? nil : $0 }
        self.globalUniqueId = globalUniqueId.flatMap { $0.isEmpty ? nil : $0 }
        self.price = price
        self.regularPrice = regularPrice
        self.salePrice = salePrice
        self.priceMinorUnits = priceMinorUnits
        self.taxStatus = taxStatus
        self.taxClass = taxClass
        self.manageStock = manageStock
        self.stockQuantity = stockQuantity
        self.stockStatus = stockStatus
        self.purchasable = purchasable
        self.imageURL = imageURL
        self.dateModified = dateModified
    }

    /// The table's columns, for requests.
    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let name = Column(CodingKeys.name)
        public static let type = Column(CodingKeys.type)
        public static let status = Column(CodingKeys.status)
        public static let sku = Column(CodingKeys.sku)
        public static let globalUniqueId = Column(CodingKeys.globalUniqueId)
        public static let stockStatus = Column(CodingKeys.stockStatus)
        public static let dateModified = Column(CodingKeys.dateModified)
    }
}

extension ProductRecord {
    /// Reads a row column by column, as the `Codable` decoding did (no normalisation: a stored empty SKU stays
    /// empty). Written by hand because GRDB's `Codable` decoder, a keyed container per row, took ~10 % of the CPU
    /// samples of `pos-bench scan` (the barcode look-up reads a product or two); search results read rows too.
    public init(row: Row) throws {
        id = try row.decode(Int64.self, forColumn: "id")
        name = try row.decode(String.self, forColumn: "name")
        slug = try row.decode(String.self, forColumn: "slug")
        type = try row.decode(String.self, forColumn: "type")
        status = try row.decode(String.self, forColumn: "status")
        sku = try row.decode(String?.self, forColumn: "sku")
        globalUniqueId = try row.decode(String?.self, forColumn: "globalUniqueId")
        price = try row.decode(String.self, forColumn: "price")
        regularPrice = try row.decode(String.self, forColumn: "regularPrice")
        salePrice = try row.decode(String.self, forColumn: "salePrice")
        priceMinorUnits = try row.decode(Int64?.self, forColumn: "priceMinorUnits")
        taxStatus = try row.decode(String.self, forColumn: "taxStatus")
        taxClass = try row.decode(String.self, forColumn: "taxClass")
        manageStock = try row.decode(Bool.self, forColumn: "manageStock")
        stockQuantity = try row.decode(Int64?.self, forColumn: "stockQuantity")
        stockStatus = try row.decode(String.self, forColumn: "stockStatus")
        purchasable = try row.decode(Bool.self, forColumn: "purchasable")
        imageURL = try row.decode(String?.self, forColumn: "imageURL")
        dateModified = try row.decode(Date?.self, forColumn: "dateModified")
        soldByWeight = try row.decode(Bool.self, forColumn: "soldByWeight")
    }
}

extension ProductRecord: BulkUpsertable {
    static let bulkColumns = [
        "id", "name", "slug", "type", "status", "sku", "globalUniqueId", "price", "regularPrice", "salePrice",
        "priceMinorUnits", "taxStatus", "taxClass", "manageStock", "stockQuantity", "stockStatus", "purchasable",
        "imageURL", "dateModified", "soldByWeight",
    ]

    func bindBulkValues(to binder: inout BulkBinder) {
        binder.bind(id)
        binder.bind(name)
        binder.bind(slug)
        binder.bind(type)
        binder.bind(status)
        binder.bind(sku)
        binder.bind(globalUniqueId)
        binder.bind(price)
        binder.bind(regularPrice)
        binder.bind(salePrice)
        binder.bind(priceMinorUnits)
        binder.bind(taxStatus)
        binder.bind(taxClass)
        binder.bind(manageStock)
        binder.bind(stockQuantity)
        binder.bind(stockStatus)
        binder.bind(purchasable)
        binder.bind(imageURL)
        binder.bind(dateModified)
        binder.bind(soldByWeight)
    }
}
