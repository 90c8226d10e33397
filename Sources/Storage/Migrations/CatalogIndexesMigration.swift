import GRDB

/// Migration `v15-catalog-indexes`: drops `productCategoryLink_on_productId`, which `belongsTo` added beside the
/// primary key `(productId, categoryId)`; the key's index already serves every look-up by product, and a full pull
/// paid for the second index on each of its ~100,000 links.
enum CatalogIndexesMigration {
    static func migrate(_ db: Database) throws {
        try db.execute(sql: #"DROP INDEX IF EXISTS "productCategoryLink_on_productId""#)
    }
}
