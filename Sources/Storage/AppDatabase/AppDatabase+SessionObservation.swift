import Foundation
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
    /// The cashiers and who is signed in, as one value that changes whenever a cashier is added, removed, locked or
    /// unlocked, gets a new PIN, or signs in or out (from this process or from `pos cashier …` in another): the
    /// counter's lock reloads on a change. Holds no PIN material, only whether it changed.
    public var cashierRoster: CashierRoster

    /// The newest receipt's print state.
    public struct LastPrint: Hashable, Sendable {
        public var printer: String?
        public var state: ReceiptRecord.PrintState
        public var error: String?
    }

    /// The cashiers' rows as the session sees them (``cashierRoster``).
    public struct CashierRoster: Hashable, Sendable {
        public struct Entry: Hashable, Sendable {
            public var id: Int64
            public var name: String
            public var role: CashierRecord.Role
            public var isLocked: Bool
            /// Changes with the PIN (a hash of its salt, never the PIN or its hash).
            public var pinVersion: Int
        }

        public var cashiers: [Entry]
        /// The open sign-in's row id, if anyone is signed in.
        public var signInId: Int64?

        static func fetch(_ db: Database) throws -> CashierRoster {
            let cashiers = try CashierRecord.order(Column("id")).fetchAll(db).map { record in
                Entry(id: record.id ?? 0, name: record.name, role: record.role, isLocked: record.lockedAt != nil,
                      pinVersion: record.pinSalt.hashValue)
            }
            let signIn = try CashierSignInRecord.filter(CashierSignInRecord.Columns.signedOutAt == nil)
                .order(Column("id").desc).fetchOne(db)
            return CashierRoster(cashiers: cashiers, signInId: signIn?.id)
        }
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
            training: try AppDatabase.registerTraining(in: db),
            cashierRoster: try CashierRoster.fetch(db)
        )
    }
}

extension AppDatabase {
    /// The session snapshot now, and again after every commit that changes it (duplicates removed).
    public func observeSessionSnapshot() -> AsyncValueObservation<SessionSnapshot> {
        observe { db in try SessionSnapshot.fetch(db) }
    }

    /// Makes this process's observations (the session snapshot among them) read the database again when another
    /// process committed since the last call: SQLite tells by `PRAGMA data_version`, which moves on this connection
    /// only for other connections' commits; GRDB's observations see only this process's writes by themselves.
    /// Returns whether there was such a change. Cheap when there was none (one pragma on the writer).
    @discardableResult
    public func noticeOtherProcessesCommits() async throws -> Bool {
        do {
            let version = try await writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA data_version") }
            guard seenDataVersion.replace(with: version) else { return false }
            try await writer.write { db in try db.notifyChanges(in: .fullDatabase) }
            return true
        } catch let error as DatabaseError {
            throw StorageError(error)
        }
    }

    /// ``observeSessionSnapshot()`` as a plain stream, for modules that do not import GRDB (its iterator is GRDB's):
    /// the snapshot now and after every change, until cancelled or the observation fails.
    public func sessionSnapshots() -> AsyncThrowingStream<SessionSnapshot, any Error> {
        changes { db in try SessionSnapshot.fetch(db) }
    }
}
