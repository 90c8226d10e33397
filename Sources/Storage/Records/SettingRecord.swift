import GRDB

/// One key/value setting: the app's own (printer, reader, last local order number) or the store's
/// (WooCommerce general, tax and product settings).
///
/// ``AppDatabase/wipeStoreData()`` deletes the store's settings and keeps the app's.
public struct SettingRecord: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    /// Who a setting belongs to.
    public enum Scope: String, Codable, Hashable, Sendable {
        /// The counter's own settings: they survive logout.
        case app
        /// Settings synced from the store: wiped with the store's data.
        case store
    }

    public static let databaseTableName = "setting"

    /// The setting's key, such as "woocommerce_currency" or "pos.printer".
    public var key: String
    /// Whose setting it is.
    public var scope: Scope
    /// The value as text (JSON for structured values).
    public var value: String

    public init(key: String, scope: Scope, value: String) {
        self.key = key
        self.scope = scope
        self.value = value
    }

    /// The table's columns, for requests.
    public enum Columns {
        public static let key = Column(CodingKeys.key)
        public static let scope = Column(CodingKeys.scope)
        public static let value = Column(CodingKeys.value)
    }
}

extension SettingRecord {
    /// The value stored under `key`, or `nil`.
    public static func value(forKey key: String, in db: Database) throws -> String? {
        // Read on every sale opened (the store's settings): a cached statement, not SQL built and prepared anew.
        try String.fetchOne(db.cachedStatement(sql: "SELECT value FROM setting WHERE key = ?"), arguments: [key])
    }

    /// Stores `value` under `key`, replacing any previous value.
    public static func set(_ value: String, forKey key: String, scope: Scope, in db: Database) throws {
        try SettingRecord(key: key, scope: scope, value: value).upsert(db)
    }
}
