import Foundation
import GRDB
import POSFoundation

/// A sale as stored: its order (from the first scan; ``OrderRecord/state`` is where it stands), its lines, fees,
/// coupons and taxes as last priced, and its tenders (payments).
public struct StoredSale: Hashable, Sendable {
    public var order: OrderRecord
    public var lines: [OrderLineRecord]
    public var fees: [OrderFeeRecord]
    public var coupons: [OrderCouponRecord]
    public var taxes: [OrderTaxRecord]
    public var tenders: [PaymentRecord]
    /// An unresolved card attempt for the sale, if any.
    public var unresolvedAttemptId: String?

    /// The sale's id (its order's).
    public var id: Int64 { order.id ?? 0 }
    /// What the tenders pay toward the total.
    public var paid: Money { Money(minorUnits: tenders.reduce(0) { $0 + $1.amount }, currency: order.currency) }
    /// What is still due (never below zero).
    public var due: Money { Money(minorUnits: max(0, order.total - paid.minorUnits), currency: order.currency) }

    public init(order: OrderRecord, lines: [OrderLineRecord], fees: [OrderFeeRecord], coupons: [OrderCouponRecord],
                taxes: [OrderTaxRecord], tenders: [PaymentRecord], unresolvedAttemptId: String? = nil) {
        self.order = order
        self.lines = lines
        self.fees = fees
        self.coupons = coupons
        self.taxes = taxes
        self.tenders = tenders
        self.unresolvedAttemptId = unresolvedAttemptId
    }
}

/// A sale's cart as priced, for ``AppDatabase/openSale(clientUUID:priced:)`` and
/// ``AppDatabase/updateLines(saleId:priced:)``: the order's totals, customer, note and cart discount (its
/// ``OrderRecord``'s other columns are ignored), and its lines, fees, coupons and taxes (their ids and order ids are
/// set by the write).
public typealias PricedSale = OrderRecordDetail

/// The outbox body a completing sale sends, built by the caller once the receipt number is known.
public struct CompletedOrderDraft: Sendable {
    /// The JSON body of the one `.createOrder` outbox entry (created paid).
    public var createPayload: String
    /// The total the caller priced the sale at just now (it must equal the stored one).
    public var total: Int64
    /// The sale time (the order's `createdAt`, sent as `_pos_sale_time`); the transaction's date when `nil`.
    public var completedAt: Date?

    public init(createPayload: String, total: Int64, completedAt: Date? = nil) {
        self.createPayload = createPayload
        self.total = total
        self.completedAt = completedAt
    }
}

/// What completing a sale wrote.
public struct CompletedSaleResult: Hashable, Sendable {
    public var saleId: Int64
    public var orderId: Int64
    /// The shift the sale opened because none was open (float 0), if it did.
    public var openedShiftId: Int64?
    /// The shift the sale belongs to.
    public var shiftId: Int64
}

/// What a checkout event starts from (``AppDatabase/checkoutState(saleId:)``).
public struct CheckoutState: Hashable, Sendable {
    /// Whether any cashier is set up: the PIN and approval policy is on once one is.
    public var hasCashiers: Bool
    /// Whether a cashier is signed in on this register now.
    public var signedIn: Bool
    /// Whether the register is in training.
    public var training: Bool
    /// The sale's revision, `nil` when no sale was asked for or there is no such sale.
    public var saleRevision: Int64?
}

/// How recording an approved card attempt went.
public enum CardTenderOutcome: Hashable, Sendable {
    /// The tender is on the sale; `covered` says whether the tenders now cover its total.
    case recorded(saleId: Int64, covered: Bool)
    /// The row was already settled: nothing written.
    case alreadySettled
    /// The row's sale is gone or no longer open: the row is approved with a note to refund on the terminal.
    case saleNotOpen(saleId: Int64?)
}

/// The card fields of an approved tender (masked data only).
public struct CardTenderFields: Hashable, Sendable {
    public var transactionId: String
    public var cardBrand: String?
    public var cardLast4: String?
    public var terminalReceiptNumber: String?
    public var terminalTraceNumber: String?

    public init(transactionId: String, cardBrand: String?, cardLast4: String?, terminalReceiptNumber: String?,
                terminalTraceNumber: String?) {
        self.transactionId = transactionId
        self.cardBrand = cardBrand
        self.cardLast4 = cardLast4
        self.terminalReceiptNumber = terminalReceiptNumber
        self.terminalTraceNumber = terminalTraceNumber
    }
}

/// The sale's named writes: each one transaction on the single writer. The checkout (Yosemite's reducer) owns the
/// sale's rules; these keep only what the data itself needs: a write applies to a sale in the state the checkout
/// saw (another process may have moved it), a card attempt in flight blocks the sale's money writes, a tender is
/// positive, a card tender exists only with its journal row approved, and a completed order's payments cover its
/// total.
///
/// The sale is stored once, as its order, from its first priced edit (``openSale(clientUUID:priced:)``) to the
/// synced order: completing it (``completeSale(saleId:cashier:register:build:)``) copies nothing; it sets the
/// order's state, receipt number, shift and sync state and writes its ONE `.createOrder` outbox entry.
extension AppDatabase {
    // MARK: Reading

    /// The sale with that id, with its tenders.
    public func sale(id: Int64) async throws -> StoredSale? {
        try await read { db in try Self.stored(id: id, in: db) }
    }

    /// The newest open sale (the counter's current cart), if any.
    public func currentSale() async throws -> StoredSale? {
        try await read { db in
            guard let id = try Int64.fetchOne(db.cachedStatement(sql: """
                SELECT id FROM "order" WHERE state = 'open' ORDER BY updatedAt DESC, id DESC LIMIT 1
                """)) else { return nil }
            return try Self.stored(id: id, in: db)
        }
    }

    /// The sale's revision (``OrderRecord/revision``), `nil` when there is no such sale: one row read, to know
    /// whether a sale read before is still current.
    public func saleRevision(id: Int64) async throws -> Int64? {
        try await read { db in try Self.revision(of: id, in: db) }
    }

    /// What a checkout event starts from, in one read: the register's cashier policy and mode, and the sale's
    /// revision (to know whether a sale read before is still current).
    ///
    /// A scan is a checkout event: reading these one by one cost a scan four trips to a reader connection, each a
    /// hand-off between threads that a busy or idle two-core till pays in wake-ups.
    public func checkoutState(saleId: Int64?) async throws -> CheckoutState {
        try await read { db in
            let hasCashiers = try CashierRecord.fetchCount(db) > 0
            return CheckoutState(
                hasCashiers: hasCashiers,
                signedIn: hasCashiers ? try CashierSignInRecord.current(in: db) != nil : false,
                training: try Self.registerTraining(in: db),
                saleRevision: try saleId.flatMap { try Self.revision(of: $0, in: db) })
        }
    }

    /// Sales in the given states, newest first.
    public func sales(in states: [OrderRecord.State], limit: Int = 100) async throws -> [StoredSale] {
        try await read { db in
            try OrderRecord.filter(states.map(\.rawValue).contains(OrderRecord.Columns.state))
                .order(OrderRecord.Columns.id.desc).limit(limit).fetchAll(db)
                .compactMap { try $0.id.flatMap { try Self.stored(id: $0, in: db) } }
        }
    }

    /// The sale with that id or (parked) name.
    public func sale(reference: String) async throws -> StoredSale? {
        try await read { db in
            if let id = Int64(reference), let found = try Self.stored(id: id, in: db) { return found }
            guard let id = try OrderRecord.filter(OrderRecord.Columns.parkedName == reference)
                .order(OrderRecord.Columns.id.desc).fetchOne(db)?.id else { return nil }
            return try Self.stored(id: id, in: db)
        }
    }

    // MARK: Writing

    /// Starts a sale with its first priced cart: its order, `open`, with the next local number.
    ///
    /// Committed with ``AppDatabase/Durability/processCrash``, like ``updateLines(saleId:priced:)``: no money is on
    /// an open cart yet; the first tender's durable commit syncs it.
    ///
    /// `training` marks a training sale (the checkout's, from the register's mode when the sale is recorded): it keeps
    /// the mark to its end, whatever the register's mode later.
    public func openSale(clientUUID: ClientUUID, priced: PricedSale, training: Bool = false) async throws -> StoredSale {
        try await performAndSave(durability: .processCrash) { db in
            let now = try db.transactionDate
            var order = priced.order
            order.id = nil
            order.clientUUID = clientUUID
            order.localNumber = try OrderRecord.allocateLocalNumber(in: db)
            order.state = .open
            order.status = "pending"
            order.syncState = .local
            order.priced = true
            order.revision = 0
            order.training = training
            order.createdAt = now
            order.updatedAt = now
            var detail = priced
            detail.order = order
            detail.payments = []
            detail.outbox = []
            try OrderRecord.insert(&detail, in: db)
            return StoredSale(order: detail.order, lines: detail.lines, fees: detail.fees, coupons: detail.coupons,
                              taxes: detail.taxes, tenders: [])
        }
    }

    /// Replaces an open sale's priced cart: the order's totals, customer, note and cart discount, and its lines
    /// (only those that changed are written), fees, coupons and taxes.
    ///
    /// A cart edit is committed with ``AppDatabase/Durability/processCrash`` (WAL, `synchronous = NORMAL`): it
    /// survives the process being killed, and only a power cut can lose the last edits of a cart nobody has paid
    /// for yet. Every tender, the journal and ``completeSale(saleId:cashier:register:build:)`` stay at power-loss
    /// durability, and their sync to disk carries these edits with it.
    ///
    /// `basedOn` is the sale as the caller last read or wrote it: while the stored revision is still its revision,
    /// the lines are compared with its lines instead of being read again (a scan reads one row, not the cart).
    public func updateLines(saleId: Int64, priced: PricedSale, basedOn: StoredSale? = nil) async throws -> StoredSale {
        try await performAndSave(durability: .processCrash) { db in
            var stored: StoredSale
            if let basedOn, basedOn.id == saleId, basedOn.order.state == .open,
               try Self.revision(of: saleId, in: db) == basedOn.order.revision {
                stored = basedOn
            } else {
                stored = try Self.require(saleId, .open, in: db)
            }
            let now = try db.transactionDate
            let header = priced.order
            stored.order.pricesIncludeTax = header.pricesIncludeTax
            stored.order.subtotal = header.subtotal
            stored.order.discountTotal = header.discountTotal
            stored.order.discountTax = header.discountTax
            stored.order.feeTotal = header.feeTotal
            stored.order.totalTax = header.totalTax
            stored.order.total = header.total
            stored.order.currencyCode = header.currencyCode
            stored.order.currencyExponent = header.currencyExponent
            stored.order.customerId = header.customerId
            stored.order.customerNote = header.customerNote
            stored.order.itemCount = header.itemCount
            stored.order.discountKind = header.discountKind
            stored.order.discountMicros = header.discountMicros
            stored.order.priced = true
            stored.order.updatedAt = now
            stored.order.revision += 1
            // Only the columns an edit changes, by a prepared statement: encoding the whole record cost a scan more
            // than the write itself.
            let order = stored.order
            try db.cachedStatement(sql: """
                UPDATE "order" SET pricesIncludeTax = ?, subtotal = ?, discountTotal = ?, discountTax = ?, feeTotal = ?, \
                totalTax = ?, total = ?, currencyCode = ?, currencyExponent = ?, customerId = ?, customerNote = ?, \
                itemCount = ?, discountKind = ?, discountMicros = ?, priced = 1, updatedAt = ?, revision = ? WHERE id = ?
                """).execute(arguments: [
                    order.pricesIncludeTax, order.subtotal, order.discountTotal, order.discountTax, order.feeTotal,
                    order.totalTax, order.total, order.currencyCode, order.currencyExponent, order.customerId,
                    order.customerNote, order.itemCount, order.discountKind?.rawValue, order.discountMicros, now,
                    order.revision, saleId,
                ])
            stored.lines = try Self.replace(stored.lines, with: priced.lines, orderId: saleId, in: db)
            stored.fees = try Self.replace(stored.fees, with: priced.fees, orderId: saleId, in: db)
            stored.coupons = try Self.replace(stored.coupons, with: priced.coupons, orderId: saleId, in: db)
            stored.taxes = try Self.replace(stored.taxes, with: priced.taxes, orderId: saleId, in: db)
            return stored
        }
    }

    /// Records cash handed over: `tendered` pays up to what is due; the rest is change.
    ///
    /// - Returns: The sale with the new tender.
    public func recordCashTender(saleId: Int64, tendered: Money) async throws -> StoredSale {
        try await performAndSave { db in
            var stored = try Self.require(saleId, .open, in: db)
            try Self.requireNoUnresolvedAttempt(saleId, in: db)
            let amount = min(stored.due.minorUnits, tendered.minorUnits)
            guard amount > 0 else { throw SaleWriteError.notCovered(due: stored.due, paid: tendered) }
            var tender = PaymentRecord(
                orderId: saleId, method: .cash, amount: Money(minorUnits: amount, currency: stored.order.currency),
                tendered: tendered.minorUnits, change: tendered.minorUnits - amount,
                transactionId: stored.order.clientUUID.description, createdAt: try db.transactionDate)
            try tender.insert(db)
            stored.tenders.append(tender)
            stored.order.updatedAt = try db.transactionDate
            try Self.save(&stored.order, in: db)
            return stored
        }
    }

    /// Journals a card attempt for a sale before the request leaves: the row `started`, naming the sale's order.
    ///
    /// Refused when the sale is not open or an earlier attempt for it is unresolved.
    public func startCardAttempt(_ row: PaymentJournalRecord) async throws {
        try await performAndSave { db in
            var row = row
            if let saleId = row.saleId {
                _ = try Self.require(saleId, .open, in: db)
                try Self.requireNoUnresolvedAttempt(saleId, in: db)
                row.orderId = saleId
                try Self.touch(saleId, in: db)
            }
            try row.insert(db)
        }
    }

    /// Moves a journal row to a state (requestSent, declined, unknown, resolved), with a note.
    public func markAttempt(_ attemptId: String, _ state: PaymentJournalRecord.State, note: String? = nil) async throws {
        try await performAndSave { db in
            guard var row = try PaymentJournalRecord.find(attemptId: attemptId, in: db) else { return }
            if let note { row.note = note }
            try row.update(db)
            try row.transition(to: state, in: db)
            if let saleId = row.saleId { try Self.touch(saleId, in: db) }
        }
    }

    /// Records an approved card attempt once: the row `approved` with its result, and the card tender on its sale.
    public func recordCardTender(
        attemptId: String, resultJSON: String, receiptNumber: Int?, fields: CardTenderFields, note: String?
    ) async throws -> CardTenderOutcome {
        try await performAndSave { db -> CardTenderOutcome in
            guard var row = try PaymentJournalRecord.find(attemptId: attemptId, in: db), row.isUnresolved else {
                return .alreadySettled
            }
            row.receiptNumber = receiptNumber
            row.note = note
            guard let saleId = row.saleId, let stored = try Self.stored(id: saleId, in: db), stored.order.state == .open else {
                row.note = "approved on the terminal, but its sale was no longer open: refund it on the terminal"
                try row.update(db)
                try row.transition(to: .approved, result: resultJSON, in: db)
                return .saleNotOpen(saleId: row.saleId)
            }
            try row.update(db)
            try row.transition(to: .approved, result: resultJSON, in: db)
            try Self.touch(saleId, in: db)
            var tender = PaymentRecord(
                orderId: saleId, method: .card, amount: row.amountMoney, transactionId: fields.transactionId,
                cardBrand: fields.cardBrand, cardLast4: fields.cardLast4,
                terminalReceiptNumber: fields.terminalReceiptNumber, terminalTraceNumber: fields.terminalTraceNumber,
                journalAttemptId: attemptId, createdAt: try db.transactionDate)
            try tender.insert(db)
            let due = stored.due.minorUnits - tender.amount
            return .recorded(saleId: saleId, covered: due <= 0)
        }
    }

    /// Completes a sale whose tenders cover its total: the order `completed` with the next number of the receipt
    /// series of the register the sale was opened on (`register`, the counter's register now, when the sale recorded
    /// none), its cashier and shift (a shift opened with float 0 for `cashier` when none is open), `pending` with
    /// ONE `.createOrder` outbox entry whose body `build` makes from the local number, that receipt number and the
    /// client UUID. Nothing is copied: the lines and payments are the ones the sale recorded.
    public func completeSale(
        saleId: Int64, cashier: String, register: String?,
        build: @escaping @Sendable (_ localNumber: Int64, _ receiptNumber: Int64, _ clientUUID: ClientUUID, _ registerId: String?) throws -> CompletedOrderDraft
    ) async throws -> CompletedSaleResult {
        try await performAndSave { db in
            var stored = try Self.require(saleId, .open, in: db)
            // A training sale is never sent to the store: it has no outbox entry (``completeTrainingSale``).
            guard !stored.order.training else { throw SaleWriteError.training(saleId: saleId) }
            try Self.requireNoUnresolvedAttempt(saleId, in: db)
            let now = try db.transactionDate
            let registerId = stored.order.registerId ?? register ?? ""
            let receipt = try ReceiptNumberRecord.take(registerId: registerId, kind: .sale,
                                                       reference: stored.order.clientUUID.description, in: db)
            let draft = try build(stored.order.localNumber, receipt.number, stored.order.clientUUID,
                                  registerId.isEmpty ? nil : registerId)
            guard draft.total == stored.order.total, stored.paid.minorUnits >= stored.order.total else {
                // The catalog or the cart changed since it was priced, or the tenders fall short.
                throw SaleWriteError.notCovered(due: stored.order.money(draft.total), paid: stored.paid)
            }
            let saleTime = draft.completedAt ?? now
            let (shift, openedShiftId) = try Self.shiftForSale(cashier: cashier, currency: stored.order.currency,
                                                               at: min(now, saleTime), in: db)
            stored.order.state = .completed
            stored.order.status = "pending"
            stored.order.syncState = .pending
            stored.order.receiptNumber = receipt.number
            stored.order.registerId = registerId.isEmpty ? nil : registerId
            stored.order.cashier = cashier.isEmpty ? nil : cashier
            stored.order.shiftId = shift.id
            stored.order.createdAt = saleTime
            stored.order.updatedAt = now
            try Self.save(&stored.order, in: db)
            try OutboxRecord.enqueue(.createOrder, orderId: saleId, entityId: stored.order.clientUUID.description,
                                     payload: draft.createPayload, in: db)
            return CompletedSaleResult(saleId: saleId, orderId: saleId, openedShiftId: openedShiftId, shiftId: shift.id ?? 0)
        }
    }

    /// The open shift a sale completes in, or one opened for it (float 0, at `openedAt`, taking the approvals made
    /// before it), with the new shift's id when one was opened.
    private static func shiftForSale(cashier: String, currency: Currency, at openedAt: Date,
                                     in db: Database) throws -> (ShiftRecord, openedId: Int64?) {
        if let shift = try ShiftRecord.current(in: db) { return (shift, nil) }
        var opened = ShiftRecord(cashier: cashier, openingFloat: Money(minorUnits: 0, currency: currency), openedAt: openedAt)
        try opened.insert(db)
        try ApprovalRecord.adopt(into: opened, in: db)
        return (opened, opened.id)
    }

    /// Completes a training sale whose tenders cover its total: the order `completed` with the next number of the
    /// training series of the register the sale was opened on (not its receipt series: a practice sale leaves no gap
    /// there), its cashier and shift (as ``completeSale(saleId:cashier:register:build:)``), and NO outbox entry: it
    /// stays `local`, never sent to the store. `total` is what the caller priced the sale at just now (it must equal
    /// the stored one).
    public func completeTrainingSale(saleId: Int64, cashier: String, register: String?, total: Int64,
                                     completedAt: Date? = nil) async throws -> CompletedSaleResult {
        try await performAndSave { db in
            var stored = try Self.require(saleId, .open, in: db)
            guard stored.order.training else { throw SaleWriteError.notTraining(saleId: saleId) }
            try Self.requireNoUnresolvedAttempt(saleId, in: db)
            guard total == stored.order.total, stored.paid.minorUnits >= stored.order.total else {
                throw SaleWriteError.notCovered(due: stored.order.money(total), paid: stored.paid)
            }
            let now = try db.transactionDate
            let registerId = stored.order.registerId ?? register ?? ""
            let saleTime = completedAt ?? now
            let (shift, openedShiftId) = try Self.shiftForSale(cashier: cashier, currency: stored.order.currency,
                                                               at: min(now, saleTime), in: db)
            stored.order.state = .completed
            stored.order.status = "completed"
            stored.order.syncState = .local
            stored.order.receiptNumber = try TrainingSeries.take(registerId: registerId, in: db)
            stored.order.registerId = registerId.isEmpty ? nil : registerId
            stored.order.cashier = cashier.isEmpty ? nil : cashier
            stored.order.shiftId = shift.id
            stored.order.createdAt = saleTime
            stored.order.updatedAt = now
            try Self.save(&stored.order, in: db)
            return CompletedSaleResult(saleId: saleId, orderId: saleId, openedShiftId: openedShiftId, shiftId: shift.id ?? 0)
        }
    }

    /// Puts an open sale aside under `name`, or the next free number.
    public func parkSale(saleId: Int64, name: String?) async throws -> StoredSale {
        try await performAndSave { db in
            var stored = try Self.require(saleId, .open, in: db)
            try Self.requireNoUnresolvedAttempt(saleId, in: db)
            let trimmed = name?.trimmingCharacters(in: .whitespaces) ?? ""
            if trimmed.isEmpty {
                let parked = try String.fetchAll(db, sql: """
                    SELECT parkedName FROM "order" WHERE state = 'parked' AND parkedName IS NOT NULL
                    """).compactMap(Int.init)
                stored.order.parkedName = String((parked.max() ?? 0) + 1)
            } else {
                stored.order.parkedName = trimmed
            }
            stored.order.state = .parked
            stored.order.updatedAt = try db.transactionDate
            try Self.save(&stored.order, in: db)
            return stored
        }
    }

    /// Makes a parked sale open again (the newest open sale, so the counter shows it).
    public func resumeSale(saleId: Int64) async throws -> StoredSale {
        try await performAndSave { db in
            var stored = try Self.require(saleId, .parked, in: db)
            stored.order.state = .open
            stored.order.updatedAt = try db.transactionDate
            try Self.save(&stored.order, in: db)
            return stored
        }
    }

    /// Abandons an open or parked sale. Refused while an attempt is unresolved; cash tenders stay on the voided
    /// sale for the record (the cash goes back to the customer).
    ///
    /// The void takes the next number of the receipt series of the register the sale was opened on (`register`,
    /// the counter's register now, when the sale recorded none).
    public func voidSale(saleId: Int64, register: String? = nil) async throws -> StoredSale {
        try await performAndSave { db in
            guard var stored = try Self.stored(id: saleId, in: db) else { throw SaleWriteError.notFound(String(saleId)) }
            guard stored.order.state == .open || stored.order.state == .parked else {
                throw SaleWriteError.wrongState(saleId: saleId, state: stored.order.state, needed: .open)
            }
            try Self.requireNoUnresolvedAttempt(saleId, in: db)
            // The voided cart is a fiscal transaction (AVBelegabbruch): it takes its register's next number (a
            // training cart: of its training series).
            let registerId = stored.order.registerId ?? register ?? ""
            if stored.order.training {
                stored.order.receiptNumber = try TrainingSeries.take(registerId: registerId, in: db)
            } else {
                _ = try ReceiptNumberRecord.take(registerId: registerId, kind: .sale,
                                                 reference: stored.order.clientUUID.description, in: db)
            }
            stored.order.registerId = registerId.isEmpty ? nil : registerId
            stored.order.state = .voided
            stored.order.updatedAt = try db.transactionDate
            try Self.save(&stored.order, in: db)
            return stored
        }
    }

    // MARK: Helpers

    /// The sale, its parts, its tenders and its unresolved card attempt. Runs before and inside every cart edit, so
    /// its queries are statements prepared once per connection (GRDB's cached statements) rather than SQL generated
    /// by the query interface on each call.
    private static func stored(id: Int64, in db: Database) throws -> StoredSale? {
        guard let order = try OrderRecord.fetchOne(db.cachedStatement(sql: "SELECT * FROM \"order\" WHERE id = ?"),
                                                   arguments: [id]) else { return nil }
        func rows<Record: FetchableRecord>(_ table: String, order: String = "id") throws -> [Record] {
            try Record.fetchAll(db.cachedStatement(sql: "SELECT * FROM \(table) WHERE orderId = ? ORDER BY \(order)"),
                                arguments: [id])
        }
        let unresolvedStates = PaymentJournalRecord.State.unresolved.map(\.rawValue)
        let attemptStatement = try db.cachedStatement(sql: """
            SELECT attemptId FROM paymentJournal WHERE saleId = ? \
            AND state IN (\(unresolvedStates.map { _ in "?" }.joined(separator: ", "))) ORDER BY startedAt LIMIT 1
            """)
        let unresolved = try String.fetchOne(attemptStatement, arguments: StatementArguments([id as any DatabaseValueConvertible] + unresolvedStates))
        return StoredSale(order: order, lines: try rows("orderLine", order: "position"), fees: try rows("orderFee", order: "position"),
                          coupons: try rows("orderCoupon"), taxes: try rows("orderTax"), tenders: try rows("payment"),
                          unresolvedAttemptId: unresolved)
    }

    private static func revision(of saleId: Int64, in db: Database) throws -> Int64? {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT revision FROM \"order\" WHERE id = ?"), arguments: [saleId])
    }

    /// Writes the sale's order row, one revision on.
    private static func save(_ order: inout OrderRecord, in db: Database) throws {
        order.revision += 1
        try order.update(db)
    }

    /// One revision on for a write beside the order row (a tender, a card attempt): what was read is stale.
    static func touch(_ saleId: Int64, in db: Database) throws {
        try db.cachedStatement(sql: "UPDATE \"order\" SET revision = revision + 1 WHERE id = ?").execute(arguments: [saleId])
    }

    private static func require(_ id: Int64, _ state: OrderRecord.State, in db: Database) throws -> StoredSale {
        guard let stored = try stored(id: id, in: db) else { throw SaleWriteError.notFound(String(id)) }
        guard stored.order.state == state else {
            throw SaleWriteError.wrongState(saleId: id, state: stored.order.state, needed: state)
        }
        return stored
    }

    private static func requireNoUnresolvedAttempt(_ saleId: Int64, in db: Database) throws {
        if let row = try PaymentJournalRecord.all().unresolved()
            .filter(PaymentJournalRecord.Columns.saleId == saleId).fetchOne(db) {
            throw SaleWriteError.attemptUnresolved(attemptId: row.attemptId)
        }
    }

    /// Writes `new` (by position) over `old`: rows that did not change are left alone, so a scan writes its own
    /// line and not the whole cart again.
    private static func replace<Record: SaleChildRecord>(_ old: [Record], with new: [Record], orderId: Int64,
                                                         in db: Database) throws -> [Record] {
        var result: [Record] = []
        for (index, var row) in new.enumerated() {
            row.orderId = orderId
            if index < old.count {
                row.id = old[index].id
                if row != old[index] { try row.update(db) }
            } else {
                row.id = nil
                try row.insert(db)
            }
            result.append(row)
        }
        for row in old.dropFirst(new.count) { _ = try row.delete(db) }
        return result
    }
}

/// A row that belongs to a sale's order (a line, fee, coupon or tax), for ``AppDatabase/updateLines(saleId:priced:)``.
protocol SaleChildRecord: MutablePersistableRecord, Hashable {
    var id: Int64? { get set }
    var orderId: Int64 { get set }
}

extension OrderLineRecord: SaleChildRecord {}
extension OrderFeeRecord: SaleChildRecord {}
extension OrderCouponRecord: SaleChildRecord {}
extension OrderTaxRecord: SaleChildRecord {}

// MARK: - The customer display's source

extension AppDatabase {
    /// What the customer display shows, now and after every commit that changes it: the sale changed last (in any
    /// state) with its tenders, whether a shift is open, whether the sale's TSE transaction failed (the outage
    /// notice the receipt prints), and the attached customer's name (first and last name only). Observed with
    /// GRDB's `ValueObservation`, never polled; duplicates removed.
    public func customerDisplayChanges() -> AsyncThrowingStream<CustomerDisplaySource, any Error> {
        changes { db -> CustomerDisplaySource in
            let shiftOpen = try ShiftRecord.current(in: db) != nil
            guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM \"order\" ORDER BY updatedAt DESC, id DESC LIMIT 1"),
                  let sale = try Self.stored(id: id, in: db)
            else { return CustomerDisplaySource(sale: nil, shiftOpen: shiftOpen) }
            let fiscalFailed = try FiscalTransactionRecord.filter(FiscalTransactionRecord.Columns.saleId == id).fetchOne(db)?
                .state == .failed
            var customerName: String?
            if let customerId = sale.order.customerId, let customer = try CustomerRecord.fetchOne(db, key: customerId) {
                let name = [customer.firstName, customer.lastName].filter { !$0.isEmpty }.joined(separator: " ")
                customerName = name.isEmpty ? nil : name
            }
            return CustomerDisplaySource(sale: sale, shiftOpen: shiftOpen, fiscalFailed: fiscalFailed, customerName: customerName)
        }
    }
}

/// One reading of ``AppDatabase/customerDisplayChanges()``.
public struct CustomerDisplaySource: Hashable, Sendable {
    /// The sale changed last, if any.
    public var sale: StoredSale?
    /// Whether a shift is open.
    public var shiftOpen: Bool
    /// Whether the sale's TSE transaction failed (the TSE was out): the sale is not signed.
    public var fiscalFailed = false
    /// The name of the customer the cashier attached to the sale (nothing else of the customer).
    public var customerName: String?

    public init(sale: StoredSale?, shiftOpen: Bool, fiscalFailed: Bool = false, customerName: String? = nil) {
        self.sale = sale
        self.shiftOpen = shiftOpen
        self.fiscalFailed = fiscalFailed
        self.customerName = customerName
    }
}
