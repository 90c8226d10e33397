import Foundation
import GRDB

/// Migration `v16-receipt-series`: one receipt-number series per register for every fiscal transaction (sale,
/// voided cart, refund, float, cash in, cash out, no sale), and the register and TSE client a sale was opened with.
///
/// Before it, the DSFinV-K export's BON_NR came from four sources (the order's local number, the sale's id, the
/// refunded order's number, the movement's journal row), so a voided cart and an order, a float and a sale, or a
/// refund and a sale shared a number.
///
/// - The app setting `pos.receiptSeries.<register id>` (`pos.receiptSeries.` for a counter without one): the last
///   number taken. An app setting, not a store table, so a logout's wipe keeps it and a register never gives a
///   number twice. Numbers are taken only by Storage's named writes that record a fiscal transaction, in the same
///   transaction, so the series is gap-free and never reuses a number.
/// - `receiptNumber`: one row per numbered fiscal transaction, `(registerId, number)` unique and `(kind,
///   reference)` unique (a transaction is numbered once). `kind` `sale` covers completed and voided sales
///   (reference: the sale's client UUID, also its order's); the movement kinds are `fiscalMovement`'s (reference:
///   its `reference`).
/// - `sale.registerId`, `sale.tseClient`: what the sale was opened with (it keeps them to its end).
/// - `order.receiptNumber`: the number of the sale's Bon in its register's series (printed `K2-000123`).
///
/// Existing data: every completed sale (or order without a sale), voided sale and journaled movement is numbered
/// in time order (completion, void or journal time; ties by kind, then id), so nothing repeats. The register of an
/// existing transaction is that of its order, else of the latest order before it (one database is one counter
/// and its register changes rarely), else of the first order with one, else `''`.
enum ReceiptSeriesMigration {
    static func migrate(_ db: Database) throws {
        try db.create(table: "receiptNumber") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("registerId", .text).notNull()
            t.column("number", .integer).notNull().check { $0 > 0 }
            t.column("kind", .text).notNull()
                .check(sql: "kind IN ('sale', 'refund', 'float', 'cashIn', 'cashOut', 'drawerOpen')")
            t.column("reference", .text).notNull()
            t.column("createdAt", .datetime).notNull()
            t.uniqueKey(["registerId", "number"])
            t.uniqueKey(["kind", "reference"])
        }
        try db.alter(table: "sale") { t in
            t.add(column: "registerId", .text)
            t.add(column: "tseClient", .text)
        }
        try db.alter(table: "order") { t in
            t.add(column: "receiptNumber", .integer)
        }
        try numberExisting(db)
    }

    private struct Existing {
        var time: Date
        var rank: Int
        var id: Int64
        var kind: String
        var reference: String
        var registerId: String?
        var orderId: Int64?
        var saleId: Int64?
    }

    private static func numberExisting(_ db: Database) throws {
        var existing: [Existing] = []
        // Completed sales (with their order) and orders without a sale.
        for row in try Row.fetchAll(db, sql: """
            SELECT o.id AS orderId, o.clientUUID, o.registerId, o.createdAt, s.id AS saleId, s.updatedAt AS completedAt
            FROM "order" o LEFT JOIN sale s ON s.orderId = o.id
            """) {
            let completed: Date? = row["completedAt"]
            existing.append(Existing(time: completed ?? row["createdAt"], rank: 0, id: row["orderId"], kind: "sale",
                                     reference: row["clientUUID"], registerId: row["registerId"], orderId: row["orderId"],
                                     saleId: row["saleId"]))
        }
        for row in try Row.fetchAll(db, sql: "SELECT id, clientUUID, updatedAt FROM sale WHERE state = 'voided'") {
            existing.append(Existing(time: row["updatedAt"], rank: 0, id: row["id"], kind: "sale",
                                     reference: row["clientUUID"], saleId: row["id"]))
        }
        for row in try Row.fetchAll(db, sql: "SELECT id, kind, reference, createdAt FROM fiscalMovement") {
            existing.append(Existing(time: row["createdAt"], rank: 1, id: row["id"], kind: row["kind"],
                                     reference: row["reference"]))
        }
        existing.sort { ($0.time, $0.rank, $0.id) < ($1.time, $1.rank, $1.id) }
        var register = existing.lazy.compactMap(\.registerId).first { !$0.isEmpty } ?? ""
        var last: [String: Int64] = [:]
        for item in existing {
            if let own = item.registerId, !own.isEmpty { register = own }
            let number = (last[register] ?? 0) + 1
            last[register] = number
            try db.execute(sql: "INSERT INTO receiptNumber (registerId, number, kind, reference, createdAt) VALUES (?, ?, ?, ?, ?)",
                           arguments: [register, number, item.kind, item.reference, item.time])
            if let orderId = item.orderId {
                try db.execute(sql: #"UPDATE "order" SET receiptNumber = ? WHERE id = ?"#, arguments: [number, orderId])
            }
            if let saleId = item.saleId {
                try db.execute(sql: "UPDATE sale SET registerId = ? WHERE id = ?",
                               arguments: [register, saleId])
            }
        }
        for (registerId, number) in last {
            try db.execute(sql: """
                INSERT INTO setting (key, scope, value) VALUES (?, 'app', ?)
                ON CONFLICT(key) DO UPDATE SET value = excluded.value
                """, arguments: [ReceiptNumberRecord.seriesKey(registerId: registerId), String(number)])
        }
    }
}
