import Foundation
import Hardware
import Localization
import Logging
import POSFoundation
import Storage

/// How a close runs the card terminal's end of day: on `reader`, through the card store (the store's
/// `CardPresentPaymentAction.endOfDay`, so it is journalled and holds the reader's lock like any other).
struct EndOfDayRun: Sendable {
    let reader: String
    let body: @Sendable (String) async -> Result<TerminalBatchReport, CardPaymentError>
}

/// The shift store's work, off the main actor: the shift and cash-movement rows, the Z report from the orders,
/// payments and refunds of the shift's time range, and printing through the receipt layer.
struct ShiftService: Sendable {
    let environment: AppEnvironment
    private var database: AppDatabase { environment.database }
    var receipts: ReceiptService { ReceiptService(environment: environment) }

    func current() async throws(ShiftError) -> ShiftStatus? {
        guard let shift = try await storage({ try await database.currentShift() }), let id = shift.id else { return nil }
        return ShiftStatus(shiftId: id, report: try await report(for: shift))
    }

    func open(float text: String, cashier: String?) async throws(ShiftError) -> ShiftStatus {
        let store = try await storeSettings()
        let float = try parse(text, store)
        guard float.minorUnits >= 0 else { throw .invalidAmount(text) }
        var name = cashier ?? ""
        if cashier == nil { name = await CashierService(environment: environment).cashierName() }
        let now = environment.now()
        let shift: ShiftRecord
        switch try await storage({ try await database.openShift(cashier: name, float: float, at: now) }) {
        case .opened(let opened): shift = opened
        case .alreadyOpen(let shiftId): throw .alreadyOpen(shiftId: shiftId)
        }
        // The float is a Vorgang at the till: the TSE signs it (Anfangsbestand); it never stops the shift.
        if let id = shift.id {
            await FiscalCheckout(environment: environment).cashMovement(.float, reference: "shift-\(id)-float",
                                                                       shiftId: id, amount: float)
        }
        return ShiftStatus(shiftId: shift.id ?? 0, report: try await report(for: shift))
    }

    func move(_ kind: CashMovementRecord.Kind, amount text: String, reason: String) async throws(ShiftError) -> ShiftStatus {
        let store = try await storeSettings()
        let amount = try parse(text, store)
        guard amount.minorUnits > 0 else { throw .invalidAmount(text) }
        let reason = reason.trimmingCharacters(in: .whitespaces)
        guard !reason.isEmpty else { throw .reasonMissing }
        let now = environment.now()
        guard let recorded = try await storage({
            try await database.recordCashMovement(kind, amount: amount, reason: reason, at: now)
        }) else { throw .noOpenShift }
        let (shift, movement) = (recorded.shift, recorded.movement)
        // Cash in and out are Vorgänge at the till: the TSE signs each (Einzahlung / Auszahlung).
        if let movementId = movement.id {
            await FiscalCheckout(environment: environment).cashMovement(
                kind == .cashIn ? .cashIn : .cashOut, reference: "cash-\(movementId)", shiftId: movement.shiftId,
                amount: Money(minorUnits: movement.signedAmount, currency: amount.currency))
        }
        return ShiftStatus(shiftId: shift.id ?? 0, report: try await report(for: shift))
    }

    /// Closes the open shift: the drawer's report is saved first (a failed end of day never loses the close);
    /// then, when a reader is configured (`endOfDay` given), the terminal's end of day runs and its totals are
    /// stored beside the drawer's, and the report prints with both.
    func close(counted text: String, printer: String?, endOfDay: EndOfDayRun?) async throws(ShiftError) -> ShiftCloseOutcome {
        let store = try await storeSettings()
        let counted = try parse(text, store)
        guard counted.minorUnits >= 0 else { throw .invalidAmount(text) }
        guard var shift = try await storage({ try await database.currentShift() }) else { throw .noOpenShift }
        let now = environment.now()
        var report = try await report(for: shift, counted: counted.minorUnits, closedAt: now)
        if let endOfDay {
            // Saved with the close: should the process die before the terminal answers, the report says so.
            report.terminalClosing = await expectedClosing(report, reader: endOfDay.reader,
                                                           failure: L10n.tr("shift.endOfDay.interrupted"))
        }
        var markup = await self.markup(report, store)
        shift.closedAt = now
        shift.countedCash = counted.minorUnits
        shift.expectedCash = report.expectedCash
        shift.reportText = markup
        shift.terminalClosing = report.terminalClosing.flatMap(Self.encode)
        let closed = shift
        try await storage { try await database.saveClosedShift(closed) }
        if let endOfDay, let shiftId = closed.id {
            report.terminalClosing = await runEndOfDay(endOfDay, report: report)
            markup = await self.markup(report, store)
            try await saveClosing(report, shiftId: shiftId, markup: markup)
        }
        do {
            let job = try await send(markup, printer: printer)
            return ShiftCloseOutcome(report: report, printed: job, printError: nil)
        } catch {
            return ShiftCloseOutcome(report: report, printed: nil, printError: error.message)
        }
    }

    /// Runs the terminal's end of day for a closed shift whose close could not (the terminal was unreachable, or
    /// the close was interrupted), stores its totals beside the drawer's and prints the report again.
    func endOfDay(shiftId: Int64?, printer: String?, run: EndOfDayRun) async throws(ShiftError) -> ShiftCloseOutcome {
        let store = try await storeSettings()
        let shift = try await storage {
            if let shiftId { try await database.shift(id: shiftId) } else { try await database.lastClosedShift() }
        }
        guard let shift, let id = shift.id else { throw .shiftNotFound(shiftId) }
        guard shift.closedAt != nil else { throw .shiftStillOpen(id) }
        var report = try await report(for: shift, counted: shift.countedCash, closedAt: shift.closedAt)
        if let closing = report.terminalClosing, closing.didRun { throw .endOfDayAlreadyRan(shiftId: id) }
        report.terminalClosing = await runEndOfDay(run, report: report)
        let markup = await markup(report, store)
        try await saveClosing(report, shiftId: id, markup: markup)
        do {
            let job = try await send(markup, printer: printer)
            return ShiftCloseOutcome(report: report, printed: job, printError: nil)
        } catch {
            return ShiftCloseOutcome(report: report, printed: nil, printError: error.message)
        }
    }

    func report(shiftId: Int64?) async throws(ShiftError) -> ZReport {
        let shift = try await storage {
            if let shiftId { try await database.shift(id: shiftId) } else { try await database.latestShift() }
        }
        guard let shift else { throw .shiftNotFound(shiftId) }
        return try await report(for: shift, counted: shift.countedCash, closedAt: shift.closedAt)
    }

    func reprint(shiftId: Int64?, printer: String?) async throws(ShiftError) -> String {
        let shift = try await storage {
            if let shiftId { try await database.shift(id: shiftId) } else { try await database.lastClosedShift() }
        }
        guard let shift, let text = shift.reportText else { throw .shiftNotFound(shiftId) }
        let copy = Strings.of((try? await receipts.context())?.language ?? .english).tr("receipt.copy")
        return try await send("@center " + ReceiptMarkup.escape(copy) + "\n" + text, printer: printer)
    }

    // MARK: Report

    /// The report of `shift` over `[openedAt, closedAt ?? now)`.
    func report(for shift: ShiftRecord, counted: Int64? = nil, closedAt: Date? = nil) async throws(ShiftError) -> ZReport {
        let start = shift.openedAt
        let end = (closedAt ?? environment.now()).addingTimeInterval(0.001)
        let orders: [ReceiptOrderData]
        do {
            orders = try await receipts.repository.ordersData(from: start, to: end)
        } catch {
            throw .storage(StorageError(wrapping: error))
        }
        let rows = try await storage { try await database.shiftReportRows(shiftId: shift.id ?? 0, from: start, to: end) }
        let (movements, refundEntries, terminal) = (rows.movements, rows.refunds, rows.terminalWithoutSale)
        let refunds = refundEntries.map { entry in
            ZReportCalculator.Refund(
                amount: RefundPayload.amount(in: entry.payload, currency: shift.currency),
                isCash: !entry.payload.contains("_pos_terminal_receipt")
            )
        }
        var report = ZReportCalculator.report(shift: shift, movements: movements, orders: orders, refunds: refunds,
                                              countedCash: counted, closedAt: closedAt)
        report.noSaleOpens = try await storage { try await database.drawerOpenings(shiftId: shift.id ?? 0).count }
        report.terminalWithoutSale = ZReport.TerminalTotal(
            count: terminal.count, net: terminal.reduce(Int64(0)) { $0 + ($1.kind == "sale" ? $1.amount : -$1.amount) })
        report.register = RegisterIdentity.current(environment)
        // Per cashier, where cashiers sign in. Sales go by the order's cashier; a refund to whoever was
        // signed in when it was queued.
        let signIns = try await storage { try await database.signIns(from: shift.openedAt, to: end) }
        let before = try await storage { try await database.signInBefore(shift.openedAt) }
        if !signIns.isEmpty || before != nil {
            report.cashierSwitches = signIns.map { ZReport.CashierSwitch(name: $0.cashierName, at: $0.signedInAt) }
            report.cashiers = ZReportCalculator.perCashier(
                orders: orders, refunds: zip(refundEntries, refunds).map { (at: $0.createdAt, refund: $1) },
                signIns: (before.map { [$0] } ?? []) + signIns)
        }
        report.terminalClosing = shift.terminalClosing.flatMap(Self.decode)
        return report
    }

    // MARK: Terminal end of day

    /// The closing as the shift recorded it (nothing from the terminal yet), with `failure` as the reason it has
    /// not run: the terminal's total should equal the card sales less card refunds plus the terminal's operations
    /// without a sale; its count the approved card operations journalled on the reader.
    func expectedClosing(_ report: ZReport, reader: String, failure: String?) async -> ZReport.TerminalClosing {
        let address = (try? ReaderAddress(reader))?.description ?? reader
        let end = (report.closedAt ?? environment.now()).addingTimeInterval(0.001)
        let operations = (try? await database.approvedTerminalOperations(readerId: address, from: report.openedAt, to: end)) ?? []
        let cardRefunds = report.refunds - report.cashRefunds
        return ZReport.TerminalClosing(
            reader: address, ranAt: nil, failure: failure, total: nil, count: nil, cardTotals: [], terminalID: nil,
            expectedTotal: report.cardTaken - cardRefunds + report.terminalWithoutSale.net, expectedCount: operations.count)
    }

    /// Runs the end of day and sets the closing from the terminal's answer, or from why it did not answer.
    private func runEndOfDay(_ run: EndOfDayRun, report: ZReport) async -> ZReport.TerminalClosing {
        var closing = await expectedClosing(report, reader: run.reader, failure: nil)
        switch await run.body(run.reader) {
        case .success(let batch):
            closing.ranAt = environment.now()
            closing.total = batch.total?.minorUnits
            closing.count = batch.count
            closing.cardTotals = batch.cardTotals
            closing.terminalID = batch.terminalID
            if closing.isMismatch {
                environment.logger.warning("shift: terminal end of day does not match the shift's card sales")
            }
        case .failure(let error):
            closing.failure = error.message
            environment.logger.warning("shift: terminal end of day did not run: \(error.message)")
        }
        // As stored (its time in whole milliseconds): the report handed back equals the one read later.
        return Self.encode(closing).flatMap(Self.decode) ?? closing
    }

    private func saveClosing(_ report: ZReport, shiftId: Int64, markup: String) async throws(ShiftError) {
        guard let closing = report.terminalClosing, let json = Self.encode(closing) else { return }
        _ = try await storage { try await database.saveShiftTerminalClosing(shiftId: shiftId, terminalClosing: json, reportText: markup) }
    }

    static func encode(_ closing: ZReport.TerminalClosing) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .millisecondsSince1970
        return (try? encoder.encode(closing)).flatMap { String(data: $0, encoding: .utf8) }
    }

    static func decode(_ json: String) -> ZReport.TerminalClosing? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        return try? decoder.decode(ZReport.TerminalClosing.self, from: Data(json.utf8))
    }

    // MARK: Helpers

    private func markup(_ report: ZReport, _ store: StoreSettings) async -> String {
        let context = try? await receipts.context()
        // The printed report speaks the paper language, as receipts do.
        return report.markup(format: { $0.formatted(store.moneyFormat) }, timeText: { date in
            guard let context else { return date.description }
            let (day, time) = context.dateAndTime(date)
            return "\(day) \(time)"
        }, strings: .of(context?.language ?? receipts.appSettings().paperLanguage(store: store)))
    }

    private func send(_ markup: String, printer: String?) async throws(ShiftError) -> String {
        let document: ReceiptDocument
        do {
            document = try ReceiptMarkup.parse(markup)
        } catch {
            throw .printFailed(L10n.tr("shift.print.layoutFailed", ["error": "\(error)"]))
        }
        do {
            let job = try await receipts.send(document, title: "Z report", printer: printer ?? receipts.appSettings().printerName)
            return L10n.tr("shift.print.job", ["printer": job.printerName, "job": String(job.jobID)])
        } catch {
            throw .printFailed(error.message)
        }
    }

    func storeSettings() async throws(ShiftError) -> StoreSettings {
        let loaded: StoreSettings?
        do {
            loaded = try await SettingsRepository(database: database).load()
        } catch {
            throw .storage(StorageError(wrapping: error))
        }
        guard let loaded else { throw .storeSettingsMissing }
        return loaded
    }

    /// An amount the cashier typed, read by the one parser of typed amounts (the counter's and the command line's)
    /// with the store's separators: "10,00" and "10.00" alike; "1.000" refused as unclear where "." groups thousands.
    private func parse(_ text: String, _ store: StoreSettings) throws(ShiftError) -> Money {
        do {
            return try Money(typed: text, currency: store.currency, separators: store.moneyFormat.separators)
        } catch {
            if case .notAnAmount = error { throw .invalidAmount(text) }
            throw .unclearAmount(error.message(currency: store.currency, separators: store.moneyFormat.separators))
        }
    }

    func storage<T: Sendable>(_ work: () async throws -> T) async throws(ShiftError) -> T {
        do {
            return try await work()
        } catch {
            throw .storage(StorageError(wrapping: error))
        }
    }
}
