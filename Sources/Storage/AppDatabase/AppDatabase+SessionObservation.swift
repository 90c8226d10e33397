import GRDB

/// What the session's event stream reads from the database: one value, observed with GRDB's `ValueObservation`
/// (re-read after every commit that touches the tables it read, never polled).
public struct SessionSnapshot: Hashable, Sendable {
    /// Orders (and stand-alone entries) not on the server yet: what a cashier calls "unsynced".
    public var unsyncedOrders: Int
    /// Outbox entries pending or in flight.
    public var pendingEntries: Int
    /// Outbox entries parked for a person.
    public var parkedEntries: Int
    /// Sales parked at the counter (carts put aside).
    public var parkedSales: Int
    /// Card payment attempts not settled with the terminal.
    public var unresolvedPayments: Int
    /// The TSE outage still open, if any.
    public var fiscalOutage: FiscalOutageRecord?
    /// The newest receipt's print: its printer, state and error.
    public var lastPrint: LastPrint?
    /// The register is in training (every sale opened now is a training sale).
    public var training = false

    /// The newest receipt's print state.
    public struct LastPrint: Hashable, Sendable {
        public var printer: String?
        public var state: ReceiptRecord.PrintState
        public var error: String?
    }

    /// Reads the snapshot in one transaction.
    public static func fetch(_ db: Database) throws -> SessionSnapshot {
        let unsent = try OutboxRecord.all().unsent().fetchAll(db)
        let parked = try OutboxRecord.all().parked().fetchAll(db)
        let orders = Set((unsent + parked).compactMap(\.orderId))
        let receipt = try ReceiptRecord.order(Column("id").desc).fetchOne(db)
        return SessionSnapshot(
            unsyncedOrders: orders.count + (unsent + parked).filter { $0.orderId == nil }.count,
            pendingEntries: unsent.count,
            parkedEntries: parked.count,
            parkedSales: try OrderRecord.filter(OrderRecord.Columns.state == OrderRecord.State.parked.rawValue).fetchCount(db),
            unresolvedPayments: try PaymentJournalRecord.unresolvedCount(in: db),
            fiscalOutage: try AppDatabase.currentOutage(in: db),
            lastPrint: receipt.map { LastPrint(printer: $0.printer, state: $0.printState, error: $0.lastPrintError) },
            training: try AppDatabase.registerTraining(in: db)
        )
    }
}

extension AppDatabase {
    /// The session snapshot now, and again after every commit that changes it (duplicates removed).
    public func observeSessionSnapshot() -> AsyncValueObservation<SessionSnapshot> {
        observe { db in try SessionSnapshot.fetch(db) }
    }

    /// ``observeSessionSnapshot()`` as a plain stream, for modules that do not import GRDB (its iterator is GRDB's):
    /// the snapshot now and after every change, until cancelled or the observation fails.
    public func sessionSnapshots() -> AsyncThrowingStream<SessionSnapshot, any Error> {
        let observation = observeSessionSnapshot()
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await snapshot in observation { continuation.yield(snapshot) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
