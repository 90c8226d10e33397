import GRDB

extension ProductRecord {
    /// The ids of every stored product, for reconciling them with the ids the server lists.
    public static func allIDs(in db: Database) throws -> Set<Int64> {
        try Int64.fetchSet(db, sql: "SELECT id FROM product")
    }
}

extension ProductRecord {
    /// Every stored variable product, whose variations a reconciliation refreshes.
    public static func variableProducts(in db: Database) throws -> [ProductRecord] {
        try ProductRecord.fetchAll(db, sql: "SELECT * FROM product WHERE type = 'variable' ORDER BY id")
    }
}
