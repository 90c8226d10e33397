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
        // Triggers off: take the page's old rows out of the index (unless this transaction already wrote them, so
        // they are not indexed yet), note the ids, and write; the noted rows are indexed once, in id order, when
        // the bulk transaction ends (``ProductSearchIndex/withBulkMaintenance(in:_:)``).
        let products = Array(products)
        guard !products.isEmpty else { return }
        let ids = "[" + products.map { String($0.id) }.joined(separator: ",") + "]"
        try db.cachedStatement(sql: """
            INSERT INTO productSearch(productSearch, rowid, name, sku) \
            SELECT 'delete', id, name, sku FROM product WHERE id IN (SELECT value FROM json_each(?)) \
            AND id NOT IN (SELECT id FROM temp.productSearchPending)
            """).execute(arguments: [ids])
        try db.cachedStatement(sql: "INSERT OR IGNORE INTO temp.productSearchPending (id) SELECT value FROM json_each(?)")
            .execute(arguments: [ids])
        try BatchUpsert.bulkUpsert(products, conflictColumns: ["id"], in: db)
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
        let delete = try db.cachedStatement(
            sql: "DELETE FROM productCategoryLink WHERE productId IN (SELECT value FROM json_each(?))")
        let insert = try db.cachedStatement(
            sql: "INSERT OR IGNORE INTO productCategoryLink (productId, categoryId) VALUES (?, ?)")
        guard !categoriesByProduct.isEmpty else { return }
        // The page's old links go in one statement; the new ones are bound straight to SQLite, as the bulk upsert does.
        try delete.execute(arguments: ["[" + categoriesByProduct.keys.map { String($0) }.joined(separator: ",") + "]"])
        var inserting = BulkBinder(preparing: insert)
        defer { inserting.finish() }
        for (productId, categoryIds) in categoriesByProduct {
            for categoryId in categoryIds {
                inserting.start()
                inserting.bind(productId)
                inserting.bind(categoryId)
                try insert.execute()
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
/// Inside ``withBulkMaintenance(in:_:)`` the three triggers are dropped: ``ProductRecord/upsertPage(_:in:)`` takes
/// the old entries of the rows it rewrites out of the index and notes their ids in `temp.productSearchPending`; a
/// temporary delete trigger takes a deleted row's entry out (or, for a noted row, only the note); and when the
/// body is done, every noted row still stored is indexed with one `INSERT … SELECT` in id order. FTS5 keeps the
/// new entries in memory until the commit when their rowids only grow, so a whole transaction of pages costs one
/// flush of the index instead of one per page (two pages decoded side by side arrive out of order). The triggers
/// are recreated before the transaction commits (DDL is transactional in SQLite, so a crash leaves them in place).
public enum ProductSearchIndex {
    private static let insertTrigger = "__productSearch_ai"
    private static let updateTrigger = "__productSearch_au"
    private static let deleteTrigger = "__productSearch_ad"

    /// Runs `body` with the per-row triggers off. Call it inside one write transaction.
    public static func withBulkMaintenance<T>(in db: Database, _ body: () throws -> T) throws -> T {
        guard try !isInBulkMode(db) else { return try body() }
        try db.execute(sql: """
            DROP TRIGGER \(insertTrigger.quotedDatabaseIdentifier);
            DROP TRIGGER \(updateTrigger.quotedDatabaseIdentifier);
            DROP TRIGGER \(deleteTrigger.quotedDatabaseIdentifier);
            CREATE TEMP TABLE IF NOT EXISTS productSearchPending (id INTEGER PRIMARY KEY);
            DELETE FROM temp.productSearchPending;
            CREATE TEMP TRIGGER productSearchBulkDelete AFTER DELETE ON main.product BEGIN
                INSERT INTO productSearch(productSearch, rowid, name, sku) \
                SELECT 'delete', old.id, old.name, old.sku WHERE old.id NOT IN (SELECT id FROM productSearchPending);
                DELETE FROM productSearchPending WHERE id = old.id;
            END;
            """)
        let result = try body()
        // The same triggers as GRDB's `synchronize(withTable:)` creates.
        try db.execute(sql: """
            INSERT INTO productSearch(rowid, name, sku) \
            SELECT id, name, sku FROM product WHERE id IN (SELECT id FROM temp.productSearchPending) ORDER BY id;
            DROP TRIGGER temp.productSearchBulkDelete;
            DELETE FROM temp.productSearchPending;
            CREATE TRIGGER \(deleteTrigger.quotedDatabaseIdentifier) AFTER DELETE ON "product" BEGIN
                INSERT INTO "productSearch"("productSearch", "rowid", "name", "sku") \
                VALUES('delete', old."id", old."name", old."sku");
            END;
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
