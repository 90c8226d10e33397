import GRDB

/// Migration `v4-sync-outbox`: remembers which outbox entries had an uncertain outcome.
///
/// `uncertain` is set when a send may have reached the server without an answer (a timeout, a reset after the
/// request was written, a sender killed while the entry was in flight). The sender looks such a create up by its
/// client UUID before sending it again. Kept in the row so the fact survives a crash.
enum SyncOutboxMigration {
    static func migrate(_ db: Database) throws {
        try db.alter(table: "outbox") { t in
            t.add(column: "uncertain", .boolean).notNull().defaults(to: false)
        }
    }
}
