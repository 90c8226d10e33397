import GRDB

/// What the session layer asks of the database without touching GRDB itself: settings by key and the counts
/// that decide whether logging out is safe.
extension AppDatabase {
    /// The value stored under a settings key, or `nil`.
    public func setting(key: String) async throws -> String? {
        try await read { db in try SettingRecord.value(forKey: key, in: db) }
    }

    /// Stores a value under a settings key. Store-scope values are wiped on logout; app-scope values are kept.
    public func setSetting(key: String, value: String, scope: SettingRecord.Scope = .store) async throws {
        try await performAndSave { db in try SettingRecord.set(value, forKey: key, scope: scope, in: db) }
    }

    /// Outbox entries the server has not accepted yet: pending, in flight, or parked for a person.
    public func unsyncedOutboxCount() async throws -> Int {
        try await read { db in
            try OutboxRecord.pendingCount(in: db) + OutboxRecord.parkedCount(in: db)
        }
    }

    /// Carts with items that are open or parked: logging out would throw them away.
    public func openCartCount() async throws -> Int {
        try await read { db in
            try OrderRecord.filter([OrderRecord.State.open.rawValue, OrderRecord.State.parked.rawValue].contains(OrderRecord.Columns.state))
                .filter(Column("itemCount") > 0).fetchCount(db)
        }
    }

    /// How many orders (and stand-alone entries, such as a refund without an order) are not on the server yet:
    /// what a cashier calls "unsynced". An order counts once, however many outbox entries it has.
    public func unsyncedOrderCount() async throws -> Int {
        try await read { db in
            let unsent = try OutboxRecord.all().unsent().fetchAll(db) + OutboxRecord.all().parked().fetchAll(db)
            let orders = Set(unsent.compactMap(\.orderId))
            return orders.count + unsent.filter { $0.orderId == nil }.count
        }
    }

    /// Card payment attempts whose outcome is not yet settled with the terminal.
    public func unresolvedPaymentCount() async throws -> Int {
        try await read { db in try PaymentJournalRecord.unresolvedCount(in: db) }
    }
}
