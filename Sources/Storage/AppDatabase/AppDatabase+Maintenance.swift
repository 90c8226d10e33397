import GRDB

extension AppDatabase {
    /// Writes a consistent copy of the whole database to a new file at `path` with SQLite's online backup: one
    /// rollback-journal file, complete without a `-wal` beside it, while this database stays open and usable.
    /// The test environments make their migrated template database this way.
    ///
    /// - Throws: ``StorageError`` naming `path` (it cannot be created, the disk is full…).
    public func backup(toFileAt path: String) throws {
        do {
            try writer.backup(to: DatabaseQueue(path: path))
        } catch let error as DatabaseError {
            throw StorageError(error).at(path)
        }
    }

    /// The tables ``wipeStoreData()`` empties, children before parents.
    static let storeTables = [
        "receiptNumber", "fiscalMovement", "fiscalTransaction", "fiscalOutage", "outbox", "paymentJournal", "receipt", "orderAwaitingPayment", "payment", "orderLine", "orderFee", "orderCoupon", "orderTax", "order",
        "productCategoryLink", "productVariation", "product", "productCategory", "customer", "coupon", "taxRate",
        "taxClass", "syncState", "cashMovement", "drawerOpening", "approval", "cashierSignIn", "cashier", "shift",
    ]

    /// Deletes everything that belongs to the store (catalog, customers, orders, outbox, journal, receipts, shifts,
    /// cashiers with their sign-ins and approvals, store settings, sync state, receipt numbers) and keeps the app's
    /// own settings (among them each register's last receipt number, so its series goes on), in one transaction.
    ///
    /// The caller decides whether wiping is allowed: logging out refuses while ``OutboxRecord/pendingCount(in:)``
    /// or ``PaymentJournalRecord/unresolvedCount(in:)`` is not zero, unless forced.
    public func wipeStoreData() async throws {
        try await performAndSave { db in
            for table in AppDatabase.storeTables {
                try db.execute(sql: "DELETE FROM \(table.quotedDatabaseIdentifier)")
            }
            try SettingRecord.filter(SettingRecord.Columns.scope == SettingRecord.Scope.store.rawValue).deleteAll(db)
        }
    }
}
