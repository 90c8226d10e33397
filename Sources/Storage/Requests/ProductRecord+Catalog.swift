import GRDB

// MARK: - Sync writes

extension ProductRecord {
    /// Inserts or updates one page of products in the current transaction, keeping their search index in step.
    ///
    /// Call it inside ``AppDatabase/performAndSave(_:)``: one page, one transaction. Rows are updated in place,
    /// so variations and category links of an existing product survive.
    public static func upsertPage(_ products: some Sequence<ProductRecord>, in db: Database) throws {
        guard try ProductSearchIndex.isInBulkMode(db) else {
            try BatchUpsert.bulkUpsert(products, conflictColumns: ["id"], in: db)
            return
        }
        // Triggers off: take the page's old rows out of the index, write, and index the new rows, each in one
        // statement, which leaves the index exactly as the per-row triggers would.
        let products = Array(products)
        guard !products.isEmpty else { return }
        let ids = "[" + products.map { String($0.id) }.joined(separator: ",") + "]"
        try db.cachedStatement(sql: """
            INSERT INTO productSearch(productSearch, rowid, name, sku) \
            SELECT 'delete', id, name, sku FROM product WHERE id IN (SELECT value FROM json_each(?))
            """).execute(arguments: [ids])
        try BatchUpsert.bulkUpsert(products, conflictColumns: ["id"], in: db)
        try db.cachedStatement(sql: """
            INSERT INTO productSearch(rowid, name, sku) \
            SELECT id, name, sku FROM product WHERE id IN (SELECT value FROM json_each(?))
            """).execute(arguments: [ids])
    }

    /// Deletes every product whose id is not in `ids` (full reconciliation), with their variations and links.
    ///
    /// - Returns: How many products were deleted.
    @discardableResult
    public static func deleteAll(notIn ids: some Sequence<Int64>, in db: Database) throws -> Int {
        try Reconciliation.deleteRows(of: databaseTableName, notIn: ids, in: db)
    }
}

extension ProductRecord {
    /// Whether the product with this id is stored (a cached statement: the ingest asks it for every variation page).
    static func isStored(id: Int64, in db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM product WHERE id = ?)"),
                          arguments: [id]) ?? false
    }
}

extension ProductVariationRecord {
    /// Inserts or updates one page of variations; their parent products must already be stored.
    public static func upsertPage(_ variations: some Sequence<ProductVariationRecord>, in db: Database) throws {
        try BatchUpsert.bulkUpsert(variations, conflictColumns: ["id"], in: db)
    }

    /// Deletes the variations of one product whose ids are not in `ids`.
    ///
    /// - Returns: How many variations were deleted.
    ///
    /// One cached statement (a product has a handful of variations, passed as a JSON array): a full sync runs it
    /// for every variable product, where the temporary-table reconciliation prepared four statements each time.
    @discardableResult
    public static func deleteAll(
        ofProduct productId: Int64, notIn ids: some Sequence<Int64>, in db: Database
    ) throws -> Int {
        let kept = "[" + ids.map(String.init).joined(separator: ",") + "]"
        try db.cachedStatement(sql: """
            DELETE FROM productVariation WHERE productId = ? AND id NOT IN (SELECT value FROM json_each(?))
            """).execute(arguments: [productId, kept])
        return db.changesCount
    }
}

extension ProductCategoryLinkRecord {
    /// Replaces the category links of each product in `categoriesByProduct` with the given category ids.
    public static func replaceLinks(_ categoriesByProduct: [Int64: [Int64]], in db: Database) throws {
        let delete = try db.cachedStatement(sql: "DELETE FROM productCategoryLink WHERE productId = ?")
        let insert = try db.cachedStatement(
            sql: "INSERT OR IGNORE INTO productCategoryLink (productId, categoryId) VALUES (?, ?)")
        for (productId, categoryIds) in categoriesByProduct {
            try delete.execute(arguments: [productId])
            for categoryId in categoryIds {
                try insert.execute(arguments: [productId, categoryId])
            }
        }
    }
}

// MARK: - Reconciliation of the other synced tables

extension ProductCategoryRecord {
    /// Inserts or updates categories.
    public static func upsertPage(_ categories: some Sequence<ProductCategoryRecord>, in db: Database) throws {
        try BatchUpsert.upsert(categories, conflictColumns: ["id"], in: db)
    }

    /// Deletes every category whose id is not in `ids`. - Returns: How many were deleted.
    @discardableResult
    public static func deleteAll(notIn ids: some Sequence<Int64>, in db: Database) throws -> Int {
        try Reconciliation.deleteRows(of: databaseTableName, notIn: ids, in: db)
    }
}

extension CustomerRecord {
    /// Inserts or updates customers.
    public static func upsertPage(_ customers: some Sequence<CustomerRecord>, in db: Database) throws {
        try BatchUpsert.upsert(customers, conflictColumns: ["id"], in: db)
    }

    /// Deletes every customer whose id is not in `ids`. - Returns: How many were deleted.
    @discardableResult
    public static func deleteAll(notIn ids: some Sequence<Int64>, in db: Database) throws -> Int {
        try Reconciliation.deleteRows(of: databaseTableName, notIn: ids, in: db)
    }
}

extension CouponRecord {
    /// Inserts or updates coupons.
    public static func upsertPage(_ coupons: some Sequence<CouponRecord>, in db: Database) throws {
        try BatchUpsert.upsert(coupons, conflictColumns: ["id"], in: db)
    }

    /// Deletes every coupon whose id is not in `ids`. - Returns: How many were deleted.
    @discardableResult
    public static func deleteAll(notIn ids: some Sequence<Int64>, in db: Database) throws -> Int {
        try Reconciliation.deleteRows(of: databaseTableName, notIn: ids, in: db)
    }
}

extension TaxRateRecord {
    /// Inserts or updates tax rates.
    public static func upsertPage(_ rates: some Sequence<TaxRateRecord>, in db: Database) throws {
        try BatchUpsert.upsert(rates, conflictColumns: ["id"], in: db)
    }

    /// Deletes every tax rate whose id is not in `ids`. - Returns: How many were deleted.
    @discardableResult
    public static func deleteAll(notIn ids: some Sequence<Int64>, in db: Database) throws -> Int {
        try Reconciliation.deleteRows(of: databaseTableName, notIn: ids, in: db)
    }
}

extension TaxClassRecord {
    /// Replaces all tax classes with `classes` (the server always sends the full, short list).
    public static func replaceAll(_ classes: some Sequence<TaxClassRecord>, in db: Database) throws {
        try TaxClassRecord.deleteAll(db)
        for taxClass in classes { try taxClass.insert(db) }
    }
}

// MARK: - Filters

extension DerivableRequest<ProductRecord> {
    /// Products a cashier can sell: published and purchasable.
    public func sellable() -> Self {
        filter(ProductRecord.Columns.status == "publish" && Column("purchasable") == true)
    }

    /// Products ordered by name, case-insensitively.
    public func orderedByName() -> Self {
        order(ProductRecord.Columns.name.collating(.localizedCaseInsensitiveCompare), ProductRecord.Columns.id)
    }

    /// Products linked to a category.
    public func inCategory(_ categoryId: Int64) -> Self {
        filter(sql: "id IN (SELECT productId FROM productCategoryLink WHERE categoryId = ?)", arguments: [categoryId])
    }
}

extension DerivableRequest<ProductVariationRecord> {
    /// The variations of one product, in the shop's order.
    public func ofProduct(_ productId: Int64) -> Self {
        filter(ProductVariationRecord.Columns.productId == productId)
            .order(ProductVariationRecord.Columns.menuOrder, ProductVariationRecord.Columns.id)
    }
}

// MARK: - Bulk search-index maintenance

/// Keeps the FTS5 index `productSearch` in step with `product` in bulk during large writes.
///
/// Row by row, the insert and update triggers index every upserted product with two or three FTS statements.
/// Inside ``withBulkMaintenance(in:_:)`` those two triggers are dropped and ``ProductRecord/upsertPage(_:in:)``
/// maintains the index with one `INSERT … SELECT` per page instead; the triggers are recreated before the
/// transaction commits (DDL is transactional in SQLite, so a crash leaves them in place). The delete trigger
/// stays on, so deletions are indexed as before.
public enum ProductSearchIndex {
    private static let insertTrigger = "__productSearch_ai"
    private static let updateTrigger = "__productSearch_au"

    /// Runs `body` with the per-row insert/update triggers off. Call it inside one write transaction.
    public static func withBulkMaintenance<T>(in db: Database, _ body: () throws -> T) throws -> T {
        guard try !isInBulkMode(db) else { return try body() }
        try db.execute(sql: """
            DROP TRIGGER \(insertTrigger.quotedDatabaseIdentifier);
            DROP TRIGGER \(updateTrigger.quotedDatabaseIdentifier);
            """)
        let result = try body()
        // The same triggers as GRDB's `synchronize(withTable:)` creates.
        try db.execute(sql: """
            CREATE TRIGGER \(insertTrigger.quotedDatabaseIdentifier) AFTER INSERT ON "product" BEGIN
                INSERT INTO "productSearch"("rowid", "name", "sku") VALUES (new."id", new."name", new."sku");
            END;
            CREATE TRIGGER \(updateTrigger.quotedDatabaseIdentifier) AFTER UPDATE ON "product" BEGIN
                INSERT INTO "productSearch"("productSearch", "rowid", "name", "sku") \
                VALUES('delete', old."id", old."name", old."sku");
                INSERT INTO "productSearch"("rowid", "name", "sku") VALUES (new."id", new."name", new."sku");
            END;
            """)
        return result
    }

    /// Whether the per-row triggers are off (inside ``withBulkMaintenance(in:_:)``).
    static func isInBulkMode(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT count(*) = 0 FROM sqlite_master WHERE type = 'trigger' AND name = ?",
                          arguments: [updateTrigger]) ?? false
    }
}
