import Foundation
import GRDB
import POSFoundation

/// A sale with its tenders, as stored.
public struct StoredSale: Hashable, Sendable {
    public var sale: SaleRecord
    public var tenders: [SaleTenderRecord]
    /// An unresolved card attempt for the sale, if any.
    public var unresolvedAttemptId: String?

    /// The sale's id.
    public var id: Int64 { sale.id ?? 0 }
    /// What the tenders pay toward the total.
    public var paid: Money { Money(minorUnits: tenders.reduce(0) { $0 + $1.amount }, currency: sale.currency) }
    /// What is still due (never below zero).
    public var due: Money { Money(minorUnits: max(0, sale.total - paid.minorUnits), currency: sale.currency) }
}

/// The order a completing sale writes, built by the caller once the local number is known.
public struct CompletedOrderDraft: Sendable {
    /// The order and its lines, fees, coupons and taxes; its payments come from the sale's tenders.
    public var detail: OrderRecordDetail
    /// The JSON body of the one `.createOrder` outbox entry (created paid).
    public var createPayload: String

    public init(detail: OrderRecordDetail, createPayload: String) {
        self.detail = detail
        self.createPayload = createPayload
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

/// The sale's named writes: each one transaction on the single writer that keeps the sale's invariants.
///
/// - an open sale without tenders may change its lines (``updateLines(saleId:cart:itemCount:total:)``), be parked
///   (``parkSale(saleId:name:)``) or voided (``voidSale(saleId:)``);
/// - a tender never pays more than is due, except cash (change); a card tender exists only with its journal row
///   approved (``recordCardTender(attemptId:resultJSON:receiptNumber:fields:note:)``);
/// - a completed sale's tenders cover its total; completing writes the order, its payments, ONE `.createOrder`
///   outbox entry, the journal rows' order, and the shift (opened with float 0 when none is open).
extension AppDatabase {
    // MARK: Reading

    /// The sale with that id, with its tenders.
    public func sale(id: Int64) async throws -> StoredSale? {
        try await read { db in try Self.stored(id: id, in: db) }
    }

    /// The newest open sale (the counter's current cart), if any.
    public func currentSale() async throws -> StoredSale? {
        try await read { db in
            guard let id = try SaleRecord.filter(SaleRecord.Columns.state == SaleRecord.State.open.rawValue)
                .order(SaleRecord.Columns.updatedAt.desc, SaleRecord.Columns.id.desc).fetchOne(db)?.id else { return nil }
            return try Self.stored(id: id, in: db)
        }
    }

    /// Sales in the given states, newest first.
    public func sales(in states: [SaleRecord.State], limit: Int = 100) async throws -> [StoredSale] {
        try await read { db in
            try SaleRecord.filter(states.map(\.rawValue).contains(SaleRecord.Columns.state))
                .order(SaleRecord.Columns.id.desc).limit(limit).fetchAll(db)
                .compactMap { try $0.id.flatMap { try Self.stored(id: $0, in: db) } }
        }
    }

    /// The sale with that id or (parked) name.
    public func sale(reference: String) async throws -> StoredSale? {
        try await read { db in
            if let id = Int64(reference), let found = try Self.stored(id: id, in: db) { return found }
            guard let id = try SaleRecord.filter(SaleRecord.Columns.name == reference)
                .order(SaleRecord.Columns.id.desc).fetchOne(db)?.id else { return nil }
            return try Self.stored(id: id, in: db)
        }
    }

    // MARK: Writing

    /// Starts a sale with a cart (possibly empty).
    ///
    /// Committed with ``AppDatabase/Durability/processCrash``, like ``updateLines(saleId:cart:itemCount:total:)``:
    /// no money is on an open cart yet; the first tender's durable commit syncs it.
    public func openSale(clientUUID: ClientUUID, cart: String, itemCount: Int, total: Money) async throws -> StoredSale {
        try await performAndSave(durability: .processCrash) { db in
            var sale = SaleRecord(clientUUID: clientUUID, cart: cart, itemCount: itemCount, total: total,
                                  createdAt: try db.transactionDate)
            try sale.insert(db)
            return StoredSale(sale: sale, tenders: [])
        }
    }

    /// Replaces an open sale's cart and total. Refused once a tender is taken.
    ///
    /// A cart edit is committed with ``AppDatabase/Durability/processCrash`` (WAL, `synchronous = NORMAL`): it
    /// survives the process being killed, and only a power cut can lose the last edits of a cart nobody has paid
    /// for yet. Every tender, the journal and ``completeSale(saleId:cashier:build:)`` stay at power-loss
    /// durability, and their sync to disk carries these edits with it.
    public func updateLines(saleId: Int64, cart: String, itemCount: Int, total: Money) async throws -> StoredSale {
        try await performAndSave(durability: .processCrash) { db in
            var stored = try Self.require(saleId, .open, in: db)
            guard stored.tenders.isEmpty else { throw SaleWriteError.hasTenders(saleId: saleId) }
            stored.sale.cart = cart
            stored.sale.itemCount = itemCount
            stored.sale.total = total.minorUnits
            stored.sale.currencyCode = total.currency.code
            stored.sale.currencyExponent = total.currency.exponent
            stored.sale.updatedAt = try db.transactionDate
            // Only the columns a scan changes: re-encoding the whole record cost a scan more than the write itself.
            try db.cachedStatement(sql: """
                UPDATE sale SET cart = ?, itemCount = ?, total = ?, currencyCode = ?, currencyExponent = ?, updatedAt = ? \
                WHERE id = ?
                """).execute(arguments: [cart, itemCount, total.minorUnits, total.currency.code, total.currency.exponent,
                                         stored.sale.updatedAt, saleId])
            return stored
        }
    }

    /// Records cash handed over: `tendered` pays up to what is due; the rest is change.
    ///
    /// - Returns: The sale with the new tender.
    public func recordCashTender(saleId: Int64, tendered: Money) async throws -> StoredSale {
        try await performAndSave { db in
            var stored = try Self.require(saleId, .open, in: db)
            guard stored.sale.itemCount > 0 else { throw SaleWriteError.emptyCart(saleId: saleId) }
            try Self.requireNoUnresolvedAttempt(saleId, in: db)
            let due = stored.due.minorUnits
            guard due > 0 else { throw SaleWriteError.exceedsDue(due: stored.due, tendered: tendered) }
            let amount = min(due, tendered.minorUnits)
            guard amount > 0 else { throw SaleWriteError.notCovered(due: stored.due, paid: tendered) }
            var tender = SaleTenderRecord(
                saleId: saleId, method: .cash, amount: Money(minorUnits: amount, currency: stored.sale.currency),
                tendered: tendered.minorUnits, change: tendered.minorUnits - amount,
                transactionId: stored.sale.clientUUID.description, createdAt: try db.transactionDate)
            try tender.insert(db)
            stored.tenders.append(tender)
            stored.sale.updatedAt = try db.transactionDate
            try stored.sale.update(db)
            return stored
        }
    }

    /// Journals a card attempt for a sale before the request leaves: the row `started`.
    ///
    /// Refused when the sale is not open, when the amount is more than is due, or when an earlier attempt for the
    /// sale is unresolved.
    public func startCardAttempt(_ row: PaymentJournalRecord) async throws {
        try await performAndSave { db in
            if let saleId = row.saleId {
                let stored = try Self.require(saleId, .open, in: db)
                guard stored.sale.itemCount > 0 else { throw SaleWriteError.emptyCart(saleId: saleId) }
                try Self.requireNoUnresolvedAttempt(saleId, in: db)
                guard row.amount > 0, row.amount <= stored.due.minorUnits else {
                    throw SaleWriteError.exceedsDue(due: stored.due, tendered: row.amountMoney)
                }
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
            guard let saleId = row.saleId, let sale = try SaleRecord.fetchOne(db, key: saleId), sale.state == .open else {
                row.note = "approved on the terminal, but its sale was no longer open: refund it on the terminal"
                try row.update(db)
                try row.transition(to: .approved, result: resultJSON, in: db)
                return .saleNotOpen(saleId: row.saleId)
            }
            try row.update(db)
            try row.transition(to: .approved, result: resultJSON, in: db)
            var tender = SaleTenderRecord(
                saleId: saleId, method: .card, amount: row.amountMoney, transactionId: fields.transactionId,
                cardBrand: fields.cardBrand, cardLast4: fields.cardLast4,
                terminalReceiptNumber: fields.terminalReceiptNumber, terminalTraceNumber: fields.terminalTraceNumber,
                journalAttemptId: attemptId, createdAt: try db.transactionDate)
            try tender.insert(db)
            let stored = try Self.stored(id: saleId, in: db)
            return .recorded(saleId: saleId, covered: (stored?.due.minorUnits ?? 1) == 0)
        }
    }

    /// Completes a sale whose tenders cover its total: the order (built by `build` with the allocated local
    /// number), its payments from the tenders, ONE `.createOrder` outbox entry, the journal rows' order, the sale
    /// `completed` in its shift — opening a shift with float 0 for `cashier` when none is open.
    public func completeSale(
        saleId: Int64, cashier: String, build: @escaping @Sendable (_ localNumber: Int64, _ clientUUID: ClientUUID) throws -> CompletedOrderDraft
    ) async throws -> CompletedSaleResult {
        try await completeSale(saleId: saleId, cashier: cashier, register: nil) { localNumber, _, clientUUID in
            try build(localNumber, clientUUID)
        }
    }

    /// Completes a sale whose tenders cover its total, as ``completeSale(saleId:cashier:build:)`` does, and takes
    /// the next number of the receipt series of the register the sale was opened on (`register`, the counter's
    /// register now, when the sale recorded none) in the same transaction: `build` gets the local order number
    /// and that receipt number; the order keeps it (``OrderRecord/receiptNumber``) and the sale's register.
    public func completeSale(
        saleId: Int64, cashier: String, register: String?,
        build: @escaping @Sendable (_ localNumber: Int64, _ receiptNumber: Int64, _ clientUUID: ClientUUID) throws -> CompletedOrderDraft
    ) async throws -> CompletedSaleResult {
        try await performAndSave { db in
            var stored = try Self.require(saleId, .open, in: db)
            try Self.requireNoUnresolvedAttempt(saleId, in: db)
            let now = try db.transactionDate
            let localNumber = try OrderRecord.allocateLocalNumber(in: db)
            let registerId = stored.sale.registerId ?? register ?? ""
            let receipt = try ReceiptNumberRecord.take(registerId: registerId, kind: .sale,
                                                       reference: stored.sale.clientUUID.description, in: db)
            let draft = try build(localNumber, receipt.number, stored.sale.clientUUID)
            var detail = draft.detail
            detail.order.receiptNumber = receipt.number
            detail.order.registerId = registerId.isEmpty ? nil : registerId
            stored.sale.registerId = registerId
            guard detail.order.total == stored.sale.total else {
                // The catalog or the cart changed since it was priced: what was tendered no longer matches.
                throw SaleWriteError.notCovered(due: detail.order.totalMoney, paid: stored.paid)
            }
            guard stored.paid.minorUnits >= detail.order.total else {
                throw SaleWriteError.notCovered(due: detail.order.totalMoney, paid: stored.paid)
            }
            detail.payments = stored.tenders.map { tender in
                PaymentRecord(
                    orderId: 0, method: tender.method, amount: tender.amountMoney, tendered: tender.tendered,
                    change: tender.change, transactionId: tender.transactionId, cardBrand: tender.cardBrand,
                    cardLast4: tender.cardLast4, terminalReceiptNumber: tender.terminalReceiptNumber,
                    terminalTraceNumber: tender.terminalTraceNumber, journalAttemptId: tender.journalAttemptId,
                    createdAt: tender.createdAt)
            }
            detail.order.syncState = .pending
            try OrderRecord.insert(&detail, in: db)
            guard let orderId = detail.order.id else { throw SaleWriteError.notFound("order of sale \(saleId)") }
            try OutboxRecord.enqueue(.createOrder, orderId: orderId, entityId: stored.sale.clientUUID.description,
                                     payload: draft.createPayload, in: db)
            try PaymentJournalRecord.filter(PaymentJournalRecord.Columns.saleId == saleId)
                .updateAll(db, PaymentJournalRecord.Columns.orderId.set(to: orderId))
            var openedShiftId: Int64?
            var shift = try ShiftRecord.current(in: db)
            if shift == nil {
                var opened = ShiftRecord(cashier: cashier, openingFloat: Money(minorUnits: 0, currency: stored.sale.currency),
                                         openedAt: min(now, detail.order.createdAt))
                try opened.insert(db)
                try ApprovalRecord.adopt(into: opened, in: db)
                openedShiftId = opened.id
                shift = opened
            }
            stored.sale.state = .completed
            stored.sale.orderId = orderId
            stored.sale.shiftId = shift?.id
            stored.sale.updatedAt = now
            try stored.sale.update(db)
            return CompletedSaleResult(saleId: saleId, orderId: orderId, openedShiftId: openedShiftId, shiftId: shift?.id ?? 0)
        }
    }

    /// Puts an open sale without tenders aside under `name`, or the next free number.
    public func parkSale(saleId: Int64, name: String?) async throws -> StoredSale {
        try await performAndSave { db in
            var stored = try Self.require(saleId, .open, in: db)
            guard stored.tenders.isEmpty else { throw SaleWriteError.hasTenders(saleId: saleId) }
            guard stored.sale.itemCount > 0 else { throw SaleWriteError.emptyCart(saleId: saleId) }
            try Self.requireNoUnresolvedAttempt(saleId, in: db)
            let trimmed = name?.trimmingCharacters(in: .whitespaces) ?? ""
            if trimmed.isEmpty {
                let parked = try SaleRecord.filter(SaleRecord.Columns.state == SaleRecord.State.parked.rawValue)
                    .fetchAll(db).compactMap { $0.name.flatMap(Int.init) }
                stored.sale.name = String((parked.max() ?? 0) + 1)
            } else {
                stored.sale.name = trimmed
            }
            stored.sale.state = .parked
            stored.sale.updatedAt = try db.transactionDate
            try stored.sale.update(db)
            return stored
        }
    }

    /// Makes a parked sale open again (the newest open sale, so the counter shows it).
    public func resumeSale(saleId: Int64) async throws -> StoredSale {
        try await performAndSave { db in
            var stored = try Self.require(saleId, .parked, in: db)
            stored.sale.state = .open
            stored.sale.updatedAt = try db.transactionDate
            try stored.sale.update(db)
            return stored
        }
    }

    /// Abandons an open or parked sale. Refused while it holds an approved card tender or an unresolved attempt;
    /// cash tenders stay on the voided sale for the record (the cash goes back to the customer).
    ///
    /// The void takes the next number of the receipt series of the register the sale was opened on (`register`,
    /// the counter's register now, when the sale recorded none).
    public func voidSale(saleId: Int64, register: String? = nil) async throws -> StoredSale {
        try await performAndSave { db in
            guard var stored = try Self.stored(id: saleId, in: db) else { throw SaleWriteError.notFound(String(saleId)) }
            guard stored.sale.state == .open || stored.sale.state == .parked else {
                throw SaleWriteError.wrongState(saleId: saleId, state: stored.sale.state, needed: .open)
            }
            guard !stored.tenders.contains(where: { $0.method == .card }) else {
                throw SaleWriteError.cardTenderRecorded(saleId: saleId)
            }
            try Self.requireNoUnresolvedAttempt(saleId, in: db)
            // The voided cart is a fiscal transaction (AVBelegabbruch): it takes its register's next number.
            let registerId = stored.sale.registerId ?? register ?? ""
            _ = try ReceiptNumberRecord.take(registerId: registerId, kind: .sale,
                                             reference: stored.sale.clientUUID.description, in: db)
            stored.sale.registerId = registerId
            stored.sale.state = .voided
            stored.sale.updatedAt = try db.transactionDate
            try stored.sale.update(db)
            return stored
        }
    }

    // MARK: Helpers

    /// The sale, its tenders and its unresolved card attempt. Runs before and inside every cart edit, so its three
    /// queries are statements prepared once per connection (GRDB's cached statements) rather than SQL generated
    /// by the query interface on each call; the same rows as `SaleRecord.fetchOne(db, key:)`, the tenders by
    /// `saleId` in id order, and `PaymentJournalRecord.all().unresolved()` for the sale.
    private static func stored(id: Int64, in db: Database) throws -> StoredSale? {
        let saleStatement = try db.cachedStatement(sql: "SELECT * FROM sale WHERE id = ?")
        guard let sale = try SaleRecord.fetchOne(saleStatement, arguments: [id]) else { return nil }
        let tenderStatement = try db.cachedStatement(sql: "SELECT * FROM saleTender WHERE saleId = ? ORDER BY id")
        let tenders = try SaleTenderRecord.fetchAll(tenderStatement, arguments: [id])
        let unresolvedStates = PaymentJournalRecord.State.unresolved.map(\.rawValue)
        let attemptStatement = try db.cachedStatement(sql: """
            SELECT attemptId FROM paymentJournal WHERE saleId = ? \
            AND state IN (\(unresolvedStates.map { _ in "?" }.joined(separator: ", "))) ORDER BY startedAt LIMIT 1
            """)
        let unresolved = try String.fetchOne(attemptStatement, arguments: StatementArguments([id as any DatabaseValueConvertible] + unresolvedStates))
        return StoredSale(sale: sale, tenders: tenders, unresolvedAttemptId: unresolved)
    }

    private static func require(_ id: Int64, _ state: SaleRecord.State, in db: Database) throws -> StoredSale {
        guard let stored = try stored(id: id, in: db) else { throw SaleWriteError.notFound(String(id)) }
        guard stored.sale.state == state else {
            throw SaleWriteError.wrongState(saleId: id, state: stored.sale.state, needed: state)
        }
        return stored
    }

    private static func requireNoUnresolvedAttempt(_ saleId: Int64, in db: Database) throws {
        if let row = try PaymentJournalRecord.all().unresolved()
            .filter(PaymentJournalRecord.Columns.saleId == saleId).fetchOne(db) {
            throw SaleWriteError.attemptUnresolved(attemptId: row.attemptId)
        }
    }
}

// MARK: - The customer display's source

extension AppDatabase {
    /// The sale changed last (in any state) with its tenders, now and after every commit that changes it: what
    /// the customer display shows (the cart while open, the change and a thank-you once completed). Observed
    /// with GRDB's `ValueObservation`, never polled; duplicates removed. A plain stream, for modules that do not
    /// import GRDB.
    public func latestSaleChanges() -> AsyncThrowingStream<StoredSale?, any Error> {
        let observation = observe { db -> StoredSale? in
            guard let id = try SaleRecord.order(SaleRecord.Columns.updatedAt.desc, SaleRecord.Columns.id.desc)
                .fetchOne(db)?.id else { return nil }
            return try Self.stored(id: id, in: db)
        }
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await sale in observation { continuation.yield(sale) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
