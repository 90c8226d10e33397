import Foundation
import Hardware
import Localization
import Logging
import POSFoundation
import Storage

/// The work behind ``CardPresentPaymentsStore``, off the main actor: one card-reader service, one operation at a
/// time, and the journal rules.
///
/// A charge for an order starts only when no earlier attempt on that order or on that reader is unresolved: those
/// are first resolved with the terminal (status enquiry, repeat receipt); only "not charged" lets a new attempt
/// start, "approved" records the earlier approval (once) instead of charging, and "still unknown" refuses with
/// ``CardPaymentError/unresolvedAttempt(attemptId:reason:)``.
///
/// Every operation that talks to a reader holds that reader's ``ReaderLock`` from before it connects until it
/// ends, so a second operation (another process, or another screen of this one) is refused with
/// ``CardPaymentError/readerBusy(reader:holder:)`` before it touches the terminal or the journal, and a live
/// attempt is never resolved by anyone but its own operation.
actor CardPaymentCoordinator {
    let environment: AppEnvironment
    let recorder: CardPaymentRecorder
    private var cachedService: (any CardReaderService)?
    /// The store's currency, known once ``service()`` made the service.
    private(set) var storeCurrency: Currency?
    private(set) var connectedAddress: ReaderAddress?
    /// What the last connect resolved automatically.
    private(set) var resolvedOnConnect: [ResolvedAttempt] = []

    /// Where the reader's state goes (connected, busy), for the session's events.
    let session: SessionEventHub?

    init(environment: AppEnvironment, session: SessionEventHub? = nil) {
        self.environment = environment
        self.session = session
        recorder = CardPaymentRecorder(environment: environment)
    }

    /// The service, made on first use for the store's currency.
    func service() async throws(CardPaymentError) -> any CardReaderService {
        if let cachedService { return cachedService }
        let settings: StoreSettings?
        do { settings = try await SettingsRepository(database: environment.database).load() } catch {
            throw .storage(StorageError(wrapping: error))
        }
        guard let settings else { throw .storeSettingsMissing }
        let made = environment.makeCardReaderService(settings.currency)
        session?.follow(connectedReaders: made.connectedReaders())
        cachedService = made
        storeCurrency = settings.currency
        return made
    }

    // MARK: - One operation per reader

    /// The reader an operation runs on: the address given, else the connected one, else the remembered one.
    func target(_ reader: String?) throws(CardPaymentError) -> ReaderAddress {
        if reader == nil, let connectedAddress { return connectedAddress }
        return try rememberedAddress(reader)
    }

    /// Runs `body` holding `address`'s ``ReaderLock``; refused with `.readerBusy` while another operation holds it.
    /// An operation that journals a row (`journals`) gets its attempt id now, in the lock file from the start, so a
    /// refused operation can always name it.
    func exclusive<T>(
        _ address: ReaderAddress, _ operation: String, journals: Bool = true, _ body: (ReaderLock) async throws(CardPaymentError) -> T
    ) async throws(CardPaymentError) -> T {
        let attemptId = journals ? environment.uuid.client().description : nil
        let holder = ReaderLock.Holder(attemptId: attemptId, operation: operation, pid: getpid(), since: environment.now())
        let lock = try ReaderLock.acquire(reader: address.description, in: environment.dataDirectory, holder: holder)
        session?.readerBusy(true)
        defer {
            session?.readerBusy(false)
            lock.release()
        }
        return try await body(lock)
    }

    // MARK: - Connection

    /// Connects to `reader` (or the remembered one), remembers it, and resolves its unresolved attempts; holds
    /// the reader meanwhile.
    func connect(_ reader: String?) async throws(CardPaymentError) -> CardReaderDescriptor {
        let address = try rememberedAddress(reader)
        return try await exclusive(address, "connection", journals: false) { _ throws(CardPaymentError) in try await openConnection(address) }
    }

    /// Connects to `address` and resolves its unresolved attempts; the caller holds the reader.
    private func openConnection(_ address: ReaderAddress) async throws(CardPaymentError) -> CardReaderDescriptor {
        let service = try await service()
        let descriptor: CardReaderDescriptor
        do { descriptor = try await service.connect(address) } catch { throw .readerUnavailable(error) }
        connectedAddress = address
        remember(address)
        environment.logger.info("card: connected to \(address)")
        resolvedOnConnect = (try? await resolveUnresolved(saleId: nil, reader: address)) ?? []
        return descriptor
    }

    /// Connects to `address` unless already connected to it; the caller holds the reader.
    func ensureConnected(_ address: ReaderAddress) async throws(CardPaymentError) -> ReaderAddress {
        if connectedAddress == address { return address }
        return try await openConnection(address).address
    }

    /// Connects if needed and resolves every unresolved row on the reader; includes what connecting resolved.
    /// Refused as busy while another operation holds the reader: its attempt is live, not unresolved.
    func resolveAll(reader: String?) async throws(CardPaymentError) -> [ResolvedAttempt] {
        let target = try target(reader)
        return try await exclusive(target, "resolution", journals: false) { _ throws(CardPaymentError) in
            resolvedOnConnect = []
            let address = try await ensureConnected(target)
            let onConnect = resolvedOnConnect
            resolvedOnConnect = []
            let settled = Set(onConnect.filter {
                switch $0.outcome {
                case .approved, .notCharged: true
                case .stillUnknown, .inProgress: false
                }
            }.map(\.attemptId))
            let rest = try await resolveUnresolved(saleId: nil, reader: address)
            // A sale its tenders already cover (the process died before the order): complete it, never charge.
            await SaleService(environment: environment).completeCoveredSales()
            return onConnect.filter { settled.contains($0.attemptId) } + rest
        }
    }

    func disconnect() async {
        await cachedService?.disconnect()
        connectedAddress = nil
    }

    func cancel() async { await cachedService?.cancel() }

    /// Makes the next operation reconnect (a fresh driver and line), after the line failed.
    func forgetConnection() { connectedAddress = nil }

    /// The address given, else the one remembered in the app settings.
    private func rememberedAddress(_ text: String?) throws(CardPaymentError) -> ReaderAddress {
        let remembered = environment.appSettings().readerAddress
        guard let chosen = text ?? remembered else { throw .noReader }
        do { return try ReaderAddress(chosen) } catch { throw .invalidReader(chosen) }
    }

    private func remember(_ address: ReaderAddress) {
        let url = environment.file(AppEnvironment.FileName.appSettings)
        var settings = (try? environment.files.read(AppSettings.self, from: url)) ?? AppSettings()
        guard settings.readerAddress != address.description else { return }
        settings.readerAddress = address.description
        try? environment.files.write(settings, to: url, permissions: 0o600)
    }

    // MARK: - Payment

    /// Pays an open sale, holding the reader: `cash` (recorded first as a cash tender) plus what is then due by card.
    ///
    /// A USB reader pulled out mid-payment (the outcome is unknown) is waited for while the session follows the
    /// plugged terminals: once it is back (``ReplugRecovery``, as `pos reader watch --pay` does), the payment runs
    /// again, and that run first asks the terminal about the cut attempt: approved → the sale completes without a
    /// new charge; not charged → it is charged; still unknown → refused as unresolved. Never charged twice.
    func collect(
        saleId: Int64, cash: Money?, reader: String?, progress: @escaping @Sendable (CardPrompt) -> Void
    ) async throws(CardPaymentError) -> CardSale {
        let target = try target(reader)
        var tries = 0
        while true {
            tries += 1
            do {
                return try await exclusive(target, "payment") { lock throws(CardPaymentError) in
                    try await collect(saleId: saleId, cash: cash, on: target, lock: lock, progress: progress)
                }
            } catch .outcomeUnknown(let attemptId, let reason) {
                guard tries < 3, await waitForReplug(target, progress: progress) else {
                    throw .outcomeUnknown(attemptId: attemptId, reason: reason)
                }
                environment.logger.notice("card: reader \(target) back after attempt \(attemptId) was cut off; resolving it")
            }
        }
    }

    /// After a cut-off payment on a USB reader: waits for it to be plugged in again and connects, holding it.
    /// `false` when no presence is followed (not a USB reader, no device monitor, or nothing watching the session)
    /// or the reader did not come back.
    private func waitForReplug(_ address: ReaderAddress, progress: @escaping @Sendable (CardPrompt) -> Void) async -> Bool {
        guard ReplugRecovery.usbID(of: address) != nil, let presence = session?.presence, await presence.isStarted else {
            return false
        }
        forgetConnection()
        progress(CardPrompt(text: L10n.tr("reader.prompt.replug")))
        let recovery = ReplugRecovery(presence: presence, clock: environment.clock)
        let connected = await recovery.reconnect(address) { () async throws -> CardReaderDescriptor in
            try await self.exclusive(address, "connection", journals: false) { _ throws(CardPaymentError) in
                try await self.openConnection(address)
            }
        }
        return connected != nil
    }

    private func collect(
        saleId: Int64, cash: Money?, on target: ReaderAddress, lock: ReaderLock,
        progress: @escaping @Sendable (CardPrompt) -> Void
    ) async throws(CardPaymentError) -> CardSale {
        let address = try await ensureConnected(target)
        let service = try await service()
        let sales = SaleService(environment: environment)
        // Earlier attempts first: an approval found there pays the sale without a new charge.
        let resolved = try await resolveUnresolved(saleId: saleId, reader: address)
        if let refused = resolved.first(where: { if case .stillUnknown = $0.outcome { true } else { false } }),
           case .stillUnknown(let reason) = refused.outcome {
            throw .unresolvedAttempt(attemptId: refused.attemptId, reason: reason)
        }
        if let paid = try await completedCardSale(saleId: saleId, recovered: true) { return paid }
        if let stuck = try? await sales.load(id: saleId), stuck.state == .open, stuck.paid.minorUnits > 0,
           stuck.due.minorUnits == 0 {
            // Covered by earlier tenders but not completed (the completing write failed): complete, never charge.
            do { _ = try await sales.recover(saleId: saleId) } catch { throw .orderNotPayable(error.message) }
            if let paid = try await completedCardSale(saleId: saleId, recovered: true) { return paid }
        }
        var sale = try await payable(saleId, sales)
        // `cash` is the sale's cash part: a retry after a decline does not take it twice.
        let cashPaid = sale.tenders.filter { $0.method == .cash }.reduce(Int64(0)) { $0 + $1.amount.minorUnits }
        if let cash, cash.minorUnits - cashPaid > 0 {
            let extra = Money(minorUnits: cash.minorUnits - cashPaid, currency: cash.currency)
            do { _ = try await sales.payCashPart(saleId: saleId, amount: extra) } catch {
                throw .orderNotPayable("\(error.message) \(error.recoverySuggestion)")
            }
            sale = try await payable(saleId, sales)
        }
        let amount = sale.due
        let previous: Int?
        if let known = await service.lastKnownReceiptNumber() {
            previous = known
        } else {
            previous = try? await environment.database.lastReceiptNumber(readerId: address.description)
        }
        // The checkout journals the attempt (committed before the request leaves); this reader's owner then
        // talks to the terminal and sends its answer back to the checkout.
        let row: PaymentJournalRecord
        do {
            let attempt = CheckoutInputs.CardAttempt(attemptId: lock.holder.attemptId, reader: address.description,
                                                     previousReceiptNumber: previous)
            let started = try await sales.runner.send(.startCard(amount), to: saleId, CheckoutInputs(card: attempt))
            guard let journalled = started.journal else { throw CardPaymentError.orderNotPayable("sale \(saleId)") }
            row = journalled
        } catch let error as CardPaymentError {
            throw error
        } catch let error as OrderError {
            throw .orderNotPayable("\(error.message) \(error.recoverySuggestion)")
        } catch {
            throw .storage(StorageError(wrapping: error))
        }
        environment.logger.notice("card: attempt \(row.attemptId) for sale \(saleId), \(amount.decimalString)")
        let request = PaymentRequest(amount: amount, reference: "S\(saleId)", previousReceiptNumber: previous,
                                     startedAtUnixTime: Int64(row.startedAt.timeIntervalSince1970))
        switch try await run(service.collectPayment(request), attemptId: row.attemptId, owner: .sale(saleId), progress: progress) {
        case .completed(let result):
            let completed: Sale?
            do { completed = try await recorder.recordSaleApproval(row.attemptId, result: result) } catch {
                throw .storage(StorageError(wrapping: error))
            }
            guard var done = try await completedCardSale(saleId: saleId, recovered: false) else {
                throw .orderNotPayable("the card paid \(amount.decimalString), but sale \(saleId) could not be completed")
            }
            done.openedShiftId = completed?.openedShiftId
            done.receipt = completed?.receipt
            return done
        case .outcomeUnknown(let unknown):
            throw .outcomeUnknown(attemptId: row.attemptId, reason: unknown.reason)
        }
    }

    /// The sale, if it is open with something due.
    private func payable(_ saleId: Int64, _ sales: SaleService) async throws(CardPaymentError) -> SaleSummary {
        let sale: SaleSummary
        do { sale = try await sales.load(id: saleId) } catch { throw .orderNotPayable(error.message) }
        guard sale.state == .open else { throw .orderNotPayable("sale \(saleId) is \(sale.state.rawValue)") }
        guard sale.due.minorUnits > 0 else { throw .orderNotPayable("nothing is due on sale \(saleId)") }
        return sale
    }

    /// The card sale, when the sale is completed with a card tender (now, or by an earlier attempt).
    private func completedCardSale(saleId: Int64, recovered: Bool) async throws(CardPaymentError) -> CardSale? {
        let sale: SaleSummary
        do { sale = try await SaleService(environment: environment).load(id: saleId) } catch {
            throw .orderNotPayable(error.message)
        }
        guard sale.state == .completed, let orderId = sale.orderId else { return nil }
        let found: (String, String)?
        do {
            found = try await environment.database.lastCardPaymentResult(orderId: orderId)
        } catch { throw .storage(StorageError(wrapping: error)) }
        guard let (attempt, json) = found,
              let result = try? JSONDecoder().decode(PaymentResult.self, from: Data(json.utf8)) else { return nil }
        return try await self.sale(orderId: orderId, result: result, attemptId: attempt, recovered: recovered)
    }

    /// How a money-moving stream ended, after journalling declines and unknown outcomes.
    enum StreamEnd { case completed(PaymentResult), outcomeUnknown(UnknownCardOutcome) }

    /// Whose checkout an attempt's end goes to: a sale's card tender, or an order's card refund.
    enum AttemptOwner: Sendable { case sale(Int64), refund(orderId: Int64) }

    /// Runs a payment-like stream for a journal row: declined → `declined`, unknown → `unknown` (through the
    /// `owner`'s checkout when it has one).
    func run(
        _ stream: AsyncThrowingStream<PaymentProgress, any Error>, attemptId: String, owner: AttemptOwner? = nil,
        progress: @escaping @Sendable (CardPrompt) -> Void
    ) async throws(CardPaymentError) -> StreamEnd {
        var end: StreamEnd?
        do {
            for try await step in stream {
                switch step {
                case .completed(let result): end = .completed(result)
                case .outcomeUnknown(let unknown): end = .outcomeUnknown(unknown)
                case .prompt, .printLine: break
                }
                if case .prompt(let prompt) = step {
                    progress(CardPrompt(prompt))
                    reportStep(CustomerDisplayState.CardStep(prompt.kind), owner: owner)
                }
            }
        } catch {
            let readerError = error as? CardReaderError ?? CardReaderError(phase: .authorization, underlying: .transportFailed)
            if ![.declined, .aborted, .rejected].contains(readerError.underlying) {
                connectedAddress = nil  // the next operation reconnects (a fresh driver and line)
            }
            await endAttempt(attemptId, .declined, note: readerError.message, owner: owner)
            environment.logger.notice("card: attempt \(attemptId) not charged: \(readerError.message)")
            switch readerError.underlying {
            case .declined, .aborted, .rejected:
                reportStep(readerError.underlying == .aborted ? .cancelled : .declined, owner: owner)
                throw .declined(readerError)
            default: throw .readerUnavailable(readerError)
            }
        }
        switch end {
        case .completed(let result)?:
            reportStep(.approved, owner: owner)
            return .completed(result)
        case .outcomeUnknown(let unknown)?:
            connectedAddress = nil  // the line may be gone: resolve on a fresh connection
            await endAttempt(attemptId, .unknown, note: unknown.reason, owner: owner)
            environment.logger.warning("card: attempt \(attemptId) outcome unknown (\(unknown.reason))")
            return .outcomeUnknown(unknown)
        case nil:
            await endAttempt(attemptId, .unknown, note: "the reader ended without a result", owner: owner)
            return .outcomeUnknown(UnknownCardOutcome(reader: "", kind: .payment, amount: nil, reason: "noResult"))
        }
    }

    /// Tells the session where a sale's card payment stands (the customer display shows it): the kind of step only.
    private func reportStep(_ step: CustomerDisplayState.CardStep, owner: AttemptOwner?) {
        guard case .sale(let saleId)? = owner else { return }
        session?.cardStep(SessionEvent.CardStep(saleId: saleId, step: step))
    }

    /// Records how an attempt ended without an approval: a sale's attempt through its checkout
    /// (``Checkout/Event/cardDeclined(_:)``, ``Checkout/Event/cardOutcomeUnknown(_:)``), an order's card refund through
    /// its own (``Checkout/Event/refundDeclined(_:)``, ``Checkout/Event/refundOutcomeUnknown(_:)``), any other on its
    /// journal row.
    private func endAttempt(_ attemptId: String, _ outcome: Checkout.AttemptOutcome, note: String, owner: AttemptOwner?) async {
        if let owner {
            let end = Checkout.CardAttemptEnd(attemptId: attemptId, reason: note)
            let runner = SaleService(environment: environment).runner
            do {
                switch owner {
                case .sale(let saleId):
                    _ = try await runner.send(outcome == .declined ? .cardDeclined(end) : .cardOutcomeUnknown(end), to: saleId)
                case .refund(let orderId):
                    _ = try await runner.send(outcome == .declined ? .refundDeclined(end) : .refundOutcomeUnknown(end),
                                              toOrder: orderId)
                }
                return
            } catch {
                environment.logger.error("card: attempt \(attemptId)'s checkout (\(owner)) refused its end: \(error.message)")
            }
        }
        try? await recorder.mark(attemptId, outcome == .declined ? .declined : .unknown, note: note)
    }

    /// The sale as stored after an approval.
    func sale(orderId: Int64, result: PaymentResult, attemptId: String, recovered: Bool) async throws(CardPaymentError) -> CardSale {
        let detail: OrderRecordDetail?
        do { detail = try await environment.database.orderDetail(id: orderId) } catch {
            throw .storage(StorageError(wrapping: error))
        }
        guard let detail else { throw .orderNotPayable("no order \(orderId) on this counter") }
        let order = LocalOrder(detail: detail)
        let cash = detail.payments.filter { $0.method == .cash }.reduce(Int64(0)) { $0 + $1.amount }
        return CardSale(order: order, card: result, cash: order.money(cash), attemptId: attemptId,
                        recoveredFromEarlierAttempt: recovered)
    }
}
