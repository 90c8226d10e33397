import GRDB

/// Migration `v18-training`: training mode.
///
/// - `order.training`: the sale was rung up while the register was in training. Set when the sale is opened and
///   never changed, so switching the register out of training later does not turn a practice sale into a real one
///   (or back). A training sale never has an outbox entry (it is not sent to the store), takes its number from the
///   register's training series, not from its receipt series, and is signed as `AVTraining`.
/// - The register's mode (on or off) is the app setting `pos.register.training` (`1` while training), so every
///   `pos` process on the data directory reads the same mode; the training series' last number is the app setting
///   `pos.trainingSeries.<register id>`. Both survive a logout's wipe, like the receipt series.
enum TrainingMigration {
    static func migrate(_ db: Database) throws {
        try db.alter(table: "order") { t in
            t.add(column: "training", .boolean).notNull().defaults(to: false)
        }
    }
}
