import GRDB

/// Migration `v1-settings-catalog`. Released: never edit; add a new migration instead.
///
/// Catalog prices are decimal TEXT exactly as WooCommerce sent them, plus integer minor units in the store
/// currency where the caller could compute them. SKU columns compare case-insensitively, as WooCommerce does.
enum SettingsCatalogMigration {
    static func migrate(_ db: Database) throws {
        try db.create(table: "setting") { t in
            t.primaryKey("key", .text)
            t.column("scope", .text).notNull().check(sql: "scope IN ('app', 'store')")
            t.column("value", .text).notNull()
        }

        try createProducts(db)
        try createVariations(db)
        try createCategories(db)
        try createProductSearch(db)
        try createCustomersAndCoupons(db)
        try createTaxes(db)

        try db.create(table: "syncState") { t in
            t.primaryKey("resource", .text)
            t.column("lastIncrementalSyncAt", .datetime)
            t.column("lastFullSyncAt", .datetime)
            t.column("highWaterMark", .datetime)
        }
    }

    private static func createProducts(_ db: Database) throws {
        try db.create(table: "product") { t in
            t.primaryKey("id", .integer)
            t.column("name", .text).notNull()
            t.column("slug", .text).notNull().defaults(to: "")
            t.column("type", .text).notNull().defaults(to: "simple")
            t.column("status", .text).notNull().defaults(to: "publish")
            t.column("sku", .text).collate(.nocase)
            t.column("globalUniqueId", .text)
            t.column("price", .text).notNull().defaults(to: "")
            t.column("regularPrice", .text).notNull().defaults(to: "")
            t.column("salePrice", .text).notNull().defaults(to: "")
            t.column("priceMinorUnits", .integer)
            t.column("taxStatus", .text).notNull().defaults(to: "taxable")
            t.column("taxClass", .text).notNull().defaults(to: "")
            t.column("manageStock", .boolean).notNull().defaults(to: false)
            t.column("stockQuantity", .integer)
            t.column("stockStatus", .text).notNull().defaults(to: "instock")
            t.column("purchasable", .boolean).notNull().defaults(to: true)
            t.column("imageURL", .text)
            t.column("dateModified", .datetime)
        }
        // The barcode index: a scanner sends either the SKU or the GTIN/EAN/UPC (`global_unique_id`).
        try db.create(index: "product_on_sku", on: "product", columns: ["sku"])
        try db.create(index: "product_on_globalUniqueId", on: "product", columns: ["globalUniqueId"])
    }

    private static func createVariations(_ db: Database) throws {
        try db.create(table: "productVariation") { t in
            t.primaryKey("id", .integer)
            t.belongsTo("product", onDelete: .cascade).notNull()
            t.column("name", .text).notNull().defaults(to: "")
            t.column("attributes", .text).notNull().defaults(to: "[]")
            t.column("status", .text).notNull().defaults(to: "publish")
            t.column("sku", .text).collate(.nocase)
            t.column("globalUniqueId", .text)
            t.column("price", .text).notNull().defaults(to: "")
            t.column("regularPrice", .text).notNull().defaults(to: "")
            t.column("salePrice", .text).notNull().defaults(to: "")
            t.column("priceMinorUnits", .integer)
            t.column("taxStatus", .text).notNull().defaults(to: "taxable")
            t.column("taxClass", .text).notNull().defaults(to: "")
            t.column("manageStock", .boolean).notNull().defaults(to: false)
            t.column("stockQuantity", .integer)
            t.column("stockStatus", .text).notNull().defaults(to: "instock")
            t.column("purchasable", .boolean).notNull().defaults(to: true)
            t.column("imageURL", .text)
            t.column("menuOrder", .integer).notNull().defaults(to: 0)
            t.column("dateModified", .datetime)
        }
        try db.create(index: "productVariation_on_sku", on: "productVariation", columns: ["sku"])
        try db.create(
            index: "productVariation_on_globalUniqueId", on: "productVariation", columns: ["globalUniqueId"])
    }

    private static func createCategories(_ db: Database) throws {
        try db.create(table: "productCategory") { t in
            t.primaryKey("id", .integer)
            t.column("name", .text).notNull()
            t.column("slug", .text).notNull().defaults(to: "")
            t.column("parentId", .integer)
            t.column("menuOrder", .integer).notNull().defaults(to: 0)
        }
        // No foreign key to productCategory: a product page may name a category before the categories arrive.
        try db.create(table: "productCategoryLink") { t in
            t.belongsTo("product", onDelete: .cascade).notNull()
            t.column("categoryId", .integer).notNull().indexed()
            t.primaryKey(["productId", "categoryId"])
        }
    }

    /// FTS5 over product name and SKU, kept in sync by triggers, with prefix indexes for search-as-you-type.
    private static func createProductSearch(_ db: Database) throws {
        try db.create(virtualTable: "productSearch", using: FTS5()) { t in
            t.synchronize(withTable: "product")
            t.tokenizer = .unicode61(diacritics: .remove)
            t.prefixes = [2, 3]
            t.column("name")
            t.column("sku")
        }
    }

    private static func createCustomersAndCoupons(_ db: Database) throws {
        try db.create(table: "customer") { t in
            t.primaryKey("id", .integer)
            t.column("email", .text).notNull().defaults(to: "").collate(.nocase).indexed()
            t.column("firstName", .text).notNull().defaults(to: "")
            t.column("lastName", .text).notNull().defaults(to: "")
            t.column("username", .text).notNull().defaults(to: "")
            t.column("phone", .text).notNull().defaults(to: "")
            t.column("billingAddress", .text)
            t.column("shippingAddress", .text)
            t.column("dateModified", .datetime)
        }
        try db.create(table: "coupon") { t in
            t.primaryKey("id", .integer)
            t.column("code", .text).notNull().collate(.nocase).unique()
            t.column("discountType", .text).notNull()
            t.column("amount", .text).notNull()
            t.column("individualUse", .boolean).notNull().defaults(to: false)
            t.column("excludeSaleItems", .boolean).notNull().defaults(to: false)
            t.column("productIds", .text).notNull().defaults(to: "[]")
            t.column("excludedProductIds", .text).notNull().defaults(to: "[]")
            t.column("productCategories", .text).notNull().defaults(to: "[]")
            t.column("excludedProductCategories", .text).notNull().defaults(to: "[]")
            t.column("emailRestrictions", .text).notNull().defaults(to: "[]")
            t.column("minimumAmount", .text).notNull().defaults(to: "")
            t.column("maximumAmount", .text).notNull().defaults(to: "")
            t.column("usageLimit", .integer)
            t.column("usageLimitPerUser", .integer)
            t.column("limitUsageToXItems", .integer)
            t.column("usageCount", .integer).notNull().defaults(to: 0)
            t.column("freeShipping", .boolean).notNull().defaults(to: false)
            t.column("dateExpires", .datetime)
            t.column("dateModified", .datetime)
        }
    }

    private static func createTaxes(_ db: Database) throws {
        try db.create(table: "taxClass") { t in
            t.primaryKey("slug", .text)
            t.column("name", .text).notNull()
        }
        try db.create(table: "taxRate") { t in
            t.primaryKey("id", .integer)
            t.column("country", .text).notNull().defaults(to: "")
            t.column("state", .text).notNull().defaults(to: "")
            t.column("postcodes", .text).notNull().defaults(to: "[]")
            t.column("cities", .text).notNull().defaults(to: "[]")
            t.column("rate", .text).notNull()
            t.column("name", .text).notNull().defaults(to: "")
            t.column("priority", .integer).notNull().defaults(to: 1)
            t.column("compound", .boolean).notNull().defaults(to: false)
            t.column("shipping", .boolean).notNull().defaults(to: true)
            t.column("position", .integer).notNull().defaults(to: 0)
            t.column("taxClass", .text).notNull().defaults(to: "standard").indexed()
        }
    }
}
