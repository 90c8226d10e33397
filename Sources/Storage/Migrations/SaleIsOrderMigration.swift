import Foundation
import GRDB

/// Migration `v17-sale-is-order`: the sale is stored once, as its order, from the first scan to the synced order.
///
/// Before it, a sale was a `sale` row (the cart as JSON) and `saleTender` rows until it completed, when both were
/// copied into `order`/`orderLine`/`payment`. Now:
/// - `order.state` is the sale's lifecycle (`open`, `parked`, `completed`, `voided`); an order exists from the
///   sale's first priced edit, with its local number. `order.parkedName`, `order.shiftId`, `order.tseClient`,
///   `order.itemCount` and the cart's own discount (`order.discountKind`, `order.discountMicros`) come from the
///   old `sale` row. `order.priced` is false only for a cart this migration moved without prices (an open, parked
///   or voided sale: Storage cannot price); the checkout prices it at its next step. `order.revision` counts the
///   sale's writes (each named write adds one), so its owner can reuse what it read when nothing changed since.
/// - `orderLine` holds what was rung up besides what it costs: the scanned `code`, a line discount
///   (`discountKind`, `discountMicros`), a labelled price (`labelPrice`) and a manual item's typed unit price
///   (`manualUnitMicros`). `orderFee.amountMicros` is a fee as typed.
/// - `payment` holds every tender from the moment it is taken (the old `saleTender` rows of unfinished sales move
///   there; a completed sale's tenders are already its payments).
/// - `paymentJournal.saleId` and `fiscalTransaction.saleId` now name the order (the tables are rebuilt so their
///   foreign keys point at `order`); `sale` and `saleTender` are dropped.
///
/// Nothing recorded is lost: every completed sale keeps its order; every other sale becomes an order in its state
/// with its lines (code, quantity, discount, weight or label, manual price), coupons, fees, customer, note, total
/// and tenders, under the same client UUID.
enum SaleIsOrderMigration {
    static func migrate(_ db: Database) throws {
        try db.alter(table: "order") { t in
            t.add(column: "state", .text).notNull().defaults(to: "completed")
                .check(sql: "state IN ('open', 'parked', 'completed', 'voided')")
            t.add(column: "parkedName", .text)
            t.add(column: "shiftId", .integer).references("shift", onDelete: .setNull)
            t.add(column: "tseClient", .text)
            t.add(column: "itemCount", .integer).notNull().defaults(to: 0)
            t.add(column: "discountKind", .text).check(sql: "discountKind IS NULL OR discountKind IN ('percent', 'amount')")
            t.add(column: "discountMicros", .integer)
            t.add(column: "priced", .boolean).notNull().defaults(to: true)
            t.add(column: "revision", .integer).notNull().defaults(to: 0)
        }
        try db.create(index: "order_on_state", on: "order", columns: ["state", "updatedAt"])
        try db.alter(table: "orderLine") { t in
            t.add(column: "code", .text).notNull().defaults(to: "")
            t.add(column: "discountKind", .text).check(sql: "discountKind IS NULL OR discountKind IN ('percent', 'amount')")
            t.add(column: "discountMicros", .integer)
            t.add(column: "labelPrice", .integer)
            t.add(column: "manualUnitMicros", .integer)
        }
        try db.alter(table: "orderFee") { t in
            t.add(column: "amountMicros", .integer)
        }
        try db.create(index: "payment_on_journalAttemptId", on: "payment", columns: ["journalAttemptId"])

        let orderOfSale = try moveSales(db)
        try rebuild("paymentJournal", db, orderOfSale: orderOfSale)
        try rebuild("fiscalTransaction", db, orderOfSale: orderOfSale)
        try db.drop(table: "saleTender")
        try db.drop(table: "sale")
    }

    // MARK: - Sales

    /// Moves every sale onto its order; answers the order id of each old sale id.
    private static func moveSales(_ db: Database) throws -> [Int64: Int64] {
        var orderOfSale: [Int64: Int64] = [:]
        for sale in try Row.fetchAll(db, sql: "SELECT * FROM sale ORDER BY id") {
            let saleId: Int64 = sale["id"]
            let state: String = sale["state"]
            let cart = Cart(json: sale["cart"])
            if let orderId: Int64 = sale["orderId"] {
                // Completed: its order holds its lines and payments already; it keeps the sale's shift and TSE client.
                try db.execute(sql: """
                    UPDATE "order" SET state = 'completed', shiftId = ?, tseClient = ?, itemCount = ?, \
                    registerId = COALESCE(registerId, NULLIF(?, '')) WHERE id = ?
                    """, arguments: [sale["shiftId"], sale["tseClient"], sale["itemCount"], sale["registerId"], orderId])
                try keepCartInput(cart, orderId: orderId, db)
                orderOfSale[saleId] = orderId
                continue
            }
            let orderId = try insertOrder(sale, state: state == "completed" ? "open" : state, cart: cart, db)
            orderOfSale[saleId] = orderId
            for tender in try Row.fetchAll(db, sql: "SELECT * FROM saleTender WHERE saleId = ? ORDER BY id", arguments: [saleId]) {
                try db.execute(sql: """
                    INSERT INTO payment (orderId, method, amount, currencyCode, currencyExponent, tendered, change, \
                    transactionId, cardBrand, cardLast4, terminalReceiptNumber, terminalTraceNumber, journalAttemptId, createdAt) \
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [
                        orderId, tender["method"], tender["amount"], tender["currencyCode"], tender["currencyExponent"],
                        tender["tendered"], tender["change"], tender["transactionId"], tender["cardBrand"],
                        tender["cardLast4"], tender["terminalReceiptNumber"], tender["terminalTraceNumber"],
                        tender["journalAttemptId"], tender["createdAt"],
                    ])
            }
        }
        return orderOfSale
    }

    /// The order of a sale that never completed: its header, its lines as rung up (not priced), its coupons and fees.
    private static func insertOrder(_ sale: Row, state: String, cart: Cart, _ db: Database) throws -> Int64 {
        let stored = try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = 'pos.lastLocalOrderNumber'")
            .flatMap { Int64($0) } ?? 0
        let highest = try Int64.fetchOne(db, sql: "SELECT MAX(localNumber) FROM \"order\"") ?? 0
        let localNumber = max(stored, highest) + 1
        try db.execute(sql: """
            INSERT INTO setting (key, scope, value) VALUES ('pos.lastLocalOrderNumber', 'app', ?) \
            ON CONFLICT(key) DO UPDATE SET value = excluded.value
            """, arguments: [String(localNumber)])
        try db.execute(sql: """
            INSERT INTO "order" (clientUUID, localNumber, status, currencyCode, currencyExponent, pricesIncludeTax, total, \
            customerId, customerNote, createdAt, updatedAt, syncState, registerId, state, parkedName, shiftId, tseClient, \
            itemCount, discountKind, discountMicros, priced) \
            VALUES (?, ?, 'pending', ?, ?, 0, ?, ?, ?, ?, ?, 'local', NULLIF(?, ''), ?, ?, ?, ?, ?, ?, ?, 0)
            """, arguments: [
                sale["clientUUID"], localNumber, sale["currencyCode"], sale["currencyExponent"], sale["total"],
                cart.customerId, cart.note, sale["createdAt"], sale["updatedAt"], sale["registerId"], state, sale["name"],
                sale["shiftId"], sale["tseClient"], sale["itemCount"], cart.orderDiscount?.kind, cart.orderDiscount?.micros,
            ])
        let orderId = db.lastInsertedRowID
        for (position, item) in cart.items.enumerated() {
            try db.execute(sql: """
                INSERT INTO orderLine (orderId, position, name, quantity, unitPrice, subtotal, subtotalTax, total, totalTax, \
                taxClass, weightGrams, manualItemCode, code, discountKind, discountMicros, labelPrice, manualUnitMicros) \
                VALUES (?, ?, ?, ?, 0, 0, 0, 0, 0, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [
                    orderId, position, item.manualName ?? item.code, item.quantity, item.manualTaxClass ?? "",
                    item.weightGrams, item.manualUnitMicros == nil ? nil : item.code, item.code, item.discount?.kind,
                    item.discount?.micros, item.labelPrice, item.manualUnitMicros,
                ])
        }
        for code in cart.couponCodes {
            try db.execute(sql: "INSERT INTO orderCoupon (orderId, code, discount, discountTax) VALUES (?, ?, 0, 0)",
                           arguments: [orderId, code])
        }
        for (position, fee) in cart.fees.enumerated() {
            try db.execute(sql: """
                INSERT INTO orderFee (orderId, position, name, taxClass, taxStatus, total, totalTax, amountMicros) \
                VALUES (?, ?, ?, ?, ?, 0, 0, ?)
                """, arguments: [orderId, position, fee.name, fee.taxClass, fee.taxable ? "taxable" : "none", fee.micros])
        }
        return orderId
    }

    /// A completed order's lines keep what was rung up (code, discount, label, manual price), by position.
    private static func keepCartInput(_ cart: Cart, orderId: Int64, _ db: Database) throws {
        for (position, item) in cart.items.enumerated() {
            try db.execute(sql: """
                UPDATE orderLine SET code = ?, discountKind = ?, discountMicros = ?, labelPrice = ?, manualUnitMicros = ? \
                WHERE orderId = ? AND position = ?
                """, arguments: [item.code, item.discount?.kind, item.discount?.micros, item.labelPrice,
                                 item.manualUnitMicros, orderId, position])
        }
        try db.execute(sql: "UPDATE \"order\" SET discountKind = ?, discountMicros = ? WHERE id = ?",
                       arguments: [cart.orderDiscount?.kind, cart.orderDiscount?.micros, orderId])
        for (position, fee) in cart.fees.enumerated() {
            try db.execute(sql: "UPDATE orderFee SET amountMicros = ? WHERE orderId = ? AND position = ?",
                           arguments: [fee.micros, orderId, position])
        }
    }

    // MARK: - Tables that named the sale

    /// Rebuilds `table` (SQLite cannot change a foreign key in place) with its `saleId` referring to `order`, and its
    /// `saleId` values mapped to the sales' orders. GRDB runs a migration with foreign keys off and checks them at
    /// its end.
    private static func rebuild(_ table: String, _ db: Database, orderOfSale: [Int64: Int64]) throws {
        guard let sql = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?",
                                            arguments: [table]) else { return }
        let indexes = try String.fetchAll(db, sql: """
            SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL
            """, arguments: [table])
        let rebuilt = "\(table)_rebuilt"
        let created = sql
            .replacingOccurrences(of: "REFERENCES \"sale\"", with: "REFERENCES \"order\"")
            .replacingOccurrences(of: "CREATE TABLE \"\(table)\"", with: "CREATE TABLE \"\(rebuilt)\"")
        guard created != sql, created.contains("CREATE TABLE \"\(rebuilt)\"") else {
            throw DatabaseError(message: "v17-sale-is-order: unexpected schema of \(table): \(sql)")
        }
        try db.execute(sql: created)
        try db.execute(sql: "INSERT INTO \"\(rebuilt)\" SELECT * FROM \"\(table)\"")
        for (saleId, orderId) in orderOfSale where saleId != orderId {
            // Through a negative id first, so a sale id that is also another sale's order id is never mapped twice.
            try db.execute(sql: "UPDATE \"\(rebuilt)\" SET saleId = ? WHERE saleId = ?", arguments: [-orderId, saleId])
        }
        try db.execute(sql: "UPDATE \"\(rebuilt)\" SET saleId = -saleId WHERE saleId < 0")
        try db.execute(sql: "DROP TABLE \"\(table)\"")
        try db.execute(sql: "ALTER TABLE \"\(rebuilt)\" RENAME TO \"\(table)\"")
        for index in indexes { try db.execute(sql: index) }
        if table == "paymentJournal" {
            // A sale's attempts name its order from the start.
            try db.execute(sql: "UPDATE paymentJournal SET orderId = saleId WHERE saleId IS NOT NULL AND orderId IS NULL")
        }
    }

    // MARK: - The old cart's JSON

    /// The cart as Yosemite encoded it into `sale.cart` (`JSONEncoder`, synthesized `Codable`), read without Yosemite.
    private struct Cart {
        struct Discount {
            var kind: String
            var micros: Int64
        }

        struct Item {
            var code: String
            var quantity: Int
            var discount: Discount?
            var weightGrams: Int?
            var labelPrice: Int64?
            var manualName: String?
            var manualUnitMicros: Int64?
            var manualTaxClass: String?
        }

        struct Fee {
            var name: String
            var micros: Int64
            var taxable: Bool
            var taxClass: String
        }

        var items: [Item] = []
        var couponCodes: [String] = []
        var orderDiscount: Discount?
        var fees: [Fee] = []
        var customerId: Int64?
        var note = ""

        init(json text: String) {
            guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return }
            couponCodes = object["couponCodes"] as? [String] ?? []
            orderDiscount = Self.discount(object["orderDiscount"])
            customerId = (object["customerId"] as? NSNumber)?.int64Value
            note = object["note"] as? String ?? ""
            fees = (object["fees"] as? [[String: Any]] ?? []).map { fee in
                Fee(name: fee["name"] as? String ?? "", micros: Self.micros(fee["amount"]) ?? 0,
                    taxable: fee["taxable"] as? Bool ?? true, taxClass: fee["taxClass"] as? String ?? "")
            }
            items = (object["items"] as? [[String: Any]] ?? []).map { item in
                let measure = item["measure"] as? [String: Any]
                let manual = item["manual"] as? [String: Any]
                let name = (manual?["name"] as? String).map { $0.trimmingCharacters(in: .whitespaces) }
                return Item(
                    code: item["code"] as? String ?? "", quantity: (item["quantity"] as? NSNumber)?.intValue ?? 1,
                    discount: Self.discount(item["discount"]),
                    weightGrams: ((measure?["weight"] as? [String: Any])?["grams"] as? NSNumber)?.intValue,
                    labelPrice: ((measure?["price"] as? [String: Any])?["minorUnits"] as? NSNumber)?.int64Value,
                    manualName: manual == nil ? nil : (name?.isEmpty ?? true ? "Manual item" : name),
                    manualUnitMicros: manual.flatMap { Self.micros($0["unitPrice"]) },
                    manualTaxClass: manual?["taxClass"] as? String)
            }
        }

        /// `{"percent":{"_0":{"micros":N}}}` or `{"amount":…}`.
        private static func discount(_ value: Any?) -> Discount? {
            guard let object = value as? [String: Any], let (kind, payload) = object.first else { return nil }
            let inner = (payload as? [String: Any])?["_0"]
            return micros(inner).map { Discount(kind: kind, micros: $0) }
        }

        private static func micros(_ value: Any?) -> Int64? {
            ((value as? [String: Any])?["micros"] as? NSNumber)?.int64Value
        }
    }
}
