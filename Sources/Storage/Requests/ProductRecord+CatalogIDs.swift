import GRDB

extension ProductRecord {
    /// The ids of every stored product, for reconciling them with the ids the server lists.
    public static func allIDs(in db: Database) throws -> Set<Int64> {
        try Int64.fetchSet(db, sql: "SELECT id FROM product")
    }
}
