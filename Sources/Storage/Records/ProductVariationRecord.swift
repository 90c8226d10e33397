import Foundation
import GRDB

/// One variation of a variable product (a size, a colour), as last synced.
///
/// Same conventions as ``ProductRecord``: server prices as decimal text, empty codes stored as `nil`.
/// Deleting the parent product deletes its variations.
public struct ProductVariationRecord: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "productVariation"
    /// The parent product.
    public static let product = belongsTo(ProductRecord.self)

    /// One attribute choice, such as name "Size", option "L".
    public struct Attribute: Codable, Hashable, Sendable {
        public var name: String
        public var option: String
        public init(name: String, option: String) {
            self.name = name
            self.option = option
        }
    }

    /// The WooCommerce variation id.
    public var id: Int64
    /// The parent product's id.
    public var productId: Int64
    /// A display name, such as "T-shirt – L, Red" (the caller composes it).
    public var name: String
    /// The attribute choices that identify this variation (stored as JSON).
    public var attributes: [Attribute]
    public var status: String
    public var sku: String?
    public var globalUniqueId: String?
    public var price: String
    public var regularPrice: String
    public var salePrice: String
    public var priceMinorUnits: Int64?
    public var taxStatus: String
    /// The tax class slug; "parent" means the product's class, empty the standard class.
    public var taxClass: String
    public var manageStock: Bool
    public var stockQuantity: Int64?
    public var stockStatus: String
    public var purchasable: Bool
    public var imageURL: String?
    public var menuOrder: Int
    public var dateModified: Date?

    /// Creates a variation; every field except the ids has a WooCommerce default.
    public init(
        id: Int64, productId: Int64, name: String = "", attributes: [Attribute] = [], status: String = "publish",
        sku: String? = nil, globalUniqueId: String? = nil, price: String = "", regularPrice: String = "",
        salePrice: String = "", priceMinorUnits: Int64? = nil, taxStatus: String = "taxable", taxClass: String = "",
        manageStock: Bool = false, stockQuantity: Int64? = nil, stockStatus: String = "instock",
        purchasable: Bool = true, imageURL: String? = nil, menuOrder: Int = 0, dateModified: Date? = nil
    ) {
        self.id = id
        self.productId = productId
        self.name = name
        self.attributes = attributes
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
        self.menuOrder = menuOrder
        self.dateModified = dateModified
    }

    /// The table's columns, for requests.
    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let productId = Column(CodingKeys.productId)
        public static let name = Column(CodingKeys.name)
        public static let status = Column(CodingKeys.status)
        public static let sku = Column(CodingKeys.sku)
        public static let globalUniqueId = Column(CodingKeys.globalUniqueId)
        public static let menuOrder = Column(CodingKeys.menuOrder)
    }
}

extension ProductVariationRecord: BulkUpsertable {
    static let bulkColumns = [
        "id", "productId", "name", "attributes", "status", "sku", "globalUniqueId", "price", "regularPrice",
        "salePrice", "priceMinorUnits", "taxStatus", "taxClass", "manageStock", "stockQuantity", "stockStatus",
        "purchasable", "imageURL", "menuOrder", "dateModified",
    ]

    /// The attributes as GRDB stores a `Codable` array: the text `JSONEncoder` with sorted keys writes, byte for
    /// byte (`/` escaped, control characters as `\b \t \n \f \r` or `\u00xx`), written by hand: the encoder
    /// took ~3 % of the catalog writer's CPU in a full pull (~15,000 variations, each through its containers).
    static func attributesJSON(_ attributes: [Attribute]) -> String {
        var json = "["
        for (index, attribute) in attributes.enumerated() {
            json += index == 0 ? "{\"name\":" : ",{\"name\":"
            appendJSONString(attribute.name, to: &json)
            json += ",\"option\":"
            appendJSONString(attribute.option, to: &json)
            json += "}"
        }
        return json + "]"
    }

    private static func appendJSONString(_ text: String, to json: inout String) {
        json += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": json += "\\\""
            case "\\": json += "\\\\"
            case "/": json += "\\/"
            case "\u{08}": json += "\\b"
            case "\t": json += "\\t"
            case "\n": json += "\\n"
            case "\u{0C}": json += "\\f"
            case "\r": json += "\\r"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                json += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: json.unicodeScalars.append(scalar)
            }
        }
        json += "\""
    }

    func bindBulkValues(to binder: inout BulkBinder) {
        binder.bind(id)
        binder.bind(productId)
        binder.bind(name)
        binder.bind(Self.attributesJSON(attributes))
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
        binder.bind(menuOrder)
        binder.bind(dateModified)
    }
}
