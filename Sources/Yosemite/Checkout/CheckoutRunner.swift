import Foundation
import Hardware
import Localization
import Logging
import POSFoundation
import Storage

/// The receipt a completed sale was issued: stored the moment the sale completed, printed as the register's
/// setting says, the drawer opened for cash.
public struct IssuedReceipt: Hashable, Sendable {
    public enum Printing: Hashable, Sendable {
        /// The register does not print receipts by itself (`printReceipts` off): stored for a print or reprint.
        case off
        case printed(printer: String)
        /// Printing failed (the receipt is stored; `pos receipt print` or the receipt screen prints it again).
        case failed(reason: String)
    }

    /// The stored receipt.
    public var receiptID: Int64
    public var printing: Printing
    /// Whether the cash drawer was sent its kick (in the receipt's own bytes, or on its own when nothing printed).
    public var drawerOpened: Bool

    public init(receiptID: Int64, printing: Printing, drawerOpened: Bool) {
        self.receiptID = receiptID
        self.printing = printing
        self.drawerOpened = drawerOpened
    }
}

/// What the caller of one checkout event hands the effects that need it.
struct CheckoutInputs: Sendable {
    /// A manager's PIN given up front (the command line's `--manager`, the counter's approval prompt).
    var approval: ManagerApproval?
    /// For ``Checkout/Effect/collectCard(_:)`` and ``Checkout/Effect/collectCardRefund(_:)``: the attempt id (the
    /// reader lock names it), the reader and the terminal's last receipt number.
    var card: CardAttempt?
    /// For ``Checkout/Effect/recordCard(_:)`` and ``Checkout/Effect/recordCardRefund(_:)``: the terminal's answer
    /// (`nil` for a refund resolved by hand).
    var cardResult: PaymentResult?
    /// A note for the journal row.
    var note: String?

    struct CardAttempt: Sendable {
        var attemptId: String?
        var reader: String
        var previousReceiptNumber: Int?
    }
}

/// One event's run through the checkout: the sale before and after, and what its effects produced.
struct CheckoutRun: Sendable {
    var saleId: Int64?
    var checkout: Checkout
    var stored: StoredSale?
    var priced: (ResolvedCart, OrderTotals)?
    var effects: [Checkout.Effect] = []
    var completed: CompletedSaleResult?
    var receipt: IssuedReceipt?
    var journal: PaymentJournalRecord?
    /// The card approval was already recorded (another process, a resolution): nothing more to run.
    var alreadySettled = false
    /// A refund's order (its checkout is read from the order, see `CheckoutRunner+Refunds.swift`).
    var orderId: Int64?
    /// The refund its effects recorded.
    var refund: RecordedRefund?
    /// A manager's approval of what a new sale's first step asked, recorded once the sale exists (under its id).
    var approvalOfNewSale: ApprovalRecord?

    /// What the log calls the sale.
    var subject: String {
        if let saleId { return "sale \(saleId)" }
        if let orderId { return "order \(orderId)" }
        return "new sale"
    }
}

/// The checkout's one interpreter: runs a sale's effects in the order ``Checkout`` returns them, each a named
/// Storage write or a call to the TSE, the receipt printer or the session, and sends what an effect learned (the
/// cart's price) back to the checkout as an event. Every ``Checkout/Effect`` has its case here.
///
/// The order is fixed by the reducer: authorize → record the tender → collect the card (journal) → complete
/// (order + outbox) → sign (TSE) → issue the receipt (drawer for cash) → announce; a refund's is authorize → give it
/// back (cash recorded with its outbox entry, or the card refund journalled, then recorded on the terminal's approval)
/// → sign → issue the refund receipt → announce (`CheckoutRunner+Refunds.swift`). An effect that fails before
/// anything durable (a refused approval, a price the limits refuse) leaves the sale as it was; the order and
/// outbox are durable before the TSE or the printer is asked, so neither can lose a sale.
struct CheckoutRunner: Sendable {
    let sales: SaleService
    var environment: AppEnvironment { sales.environment }
    private var database: AppDatabase { environment.database }
    private var fiscal: FiscalCheckout { FiscalCheckout(environment: environment) }

    /// Applies `event` to sale `saleId` (a new sale when `nil`) and runs its effects.
    func send(_ event: Checkout.Event, to saleId: Int64?, _ inputs: CheckoutInputs = CheckoutInputs()) async throws(OrderError) -> CheckoutRun {
        var run = try await begin(saleId)
        try await drive(&run, event, inputs)
        return run
    }

    /// Reduces `event` and runs its effects in order, each effect's answer reduced in turn.
    func drive(_ run: inout CheckoutRun, _ event: Checkout.Event, _ inputs: CheckoutInputs) async throws(OrderError) {
        var queue = try reduce(&run, event)
        var index = 0
        while index < queue.count {
            let effect = queue[index]
            index += 1
            if let next = try await perform(effect, &run, inputs) {
                queue.insert(contentsOf: try reduce(&run, next), at: index)
            }
            if run.alreadySettled { break }
        }
    }

    // MARK: - Loading

    /// The sale's checkout as stored, with the policy in force now: the policy and the sale's revision in one read,
    /// the sale itself read only when the cached one is no longer current.
    private func begin(_ saleId: Int64?) async throws(OrderError) -> CheckoutRun {
        let state = try await checkoutState(saleId)
        let policy = policy(state)
        guard let saleId else {
            let settings = try await sales.pricingSettings()
            var checkout = Checkout(currency: settings.currency, policy: policy)
            checkout.moneyFormat = settings.moneyFormat
            return CheckoutRun(saleId: nil, checkout: checkout)
        }
        let summary = try await sales.load(id: saleId, revision: state.saleRevision)
        var checkout = summary.checkout
        checkout.policy = policy
        checkout.moneyFormat = try? await sales.pricingSettings().moneyFormat
        return CheckoutRun(saleId: saleId, checkout: checkout, stored: nil)
    }

    /// The cashier policy: cashiers set up, somebody signed in, the discount threshold; the register's mode (training).
    func policy() async throws(OrderError) -> Checkout.Policy {
        policy(try await checkoutState(nil))
    }

    private func checkoutState(_ saleId: Int64?) async throws(OrderError) -> CheckoutState {
        do {
            return try await database.checkoutState(saleId: saleId)
        } catch {
            throw .storage(StorageError(wrapping: error))
        }
    }

    private func policy(_ state: CheckoutState) -> Checkout.Policy {
        guard state.hasCashiers else { return .unattended.training(state.training) }
        return Checkout.Policy(
            cashiersSetUp: true, signedIn: state.signedIn,
            discountApprovalPercent: environment.appSettings().discountApprovalPercent
                ?? Checkout.Policy.defaultDiscountApprovalPercent,
            training: state.training)
    }

    private func reduce(_ run: inout CheckoutRun, _ event: Checkout.Event) throws(OrderError) -> [Checkout.Effect] {
        do {
            let effects = try run.checkout.handle(event)
            run.effects += effects
            return effects
        } catch {
            throw Self.orderError(error)
        }
    }

    /// What the caller is told of a refusal.
    static func orderError(_ refusal: CheckoutRefusal) -> OrderError {
        switch refusal.kind {
        case .signInRequired: .cashier(.signInRequired)
        case .cashShort(let due, let tendered): .tenderTooLow(due: due, tendered: tendered)
        case .notNow: .saleRefused(refusal.reason)
        }
    }

    // MARK: - Effects

    /// Runs one effect; answers the event it learned, if any.
    private func perform(_ effect: Checkout.Effect, _ run: inout CheckoutRun, _ inputs: CheckoutInputs) async throws(OrderError) -> Checkout.Event? {
        switch effect {
        case .price(let cart):
            return .priced(try await price(cart, &run))
        case .authorize(let approval):
            try await authorize(approval, &run, inputs)
        case .persistLines(let cart):
            try await persist(cart, &run)
        case .recordCash(let amount):
            let id = try saleId(run)
            run.stored = try await sales.storage { try await database.recordCashTender(saleId: id, tendered: amount) }
        case .collectCard(let amount):
            run.journal = try await journal(amount, run, inputs)
        case .journalAttempt(let end, let outcome):
            do {
                try await CardPaymentRecorder(environment: environment)
                    .mark(end.attemptId, outcome == .declined ? .declined : .unknown, note: end.reason)
            } catch {
                throw .storage(StorageError(wrapping: error))
            }
        case .recordCard(let approval):
            try await recordCard(approval, &run, inputs)
        case .complete:
            run.completed = try await sales.writeOrder(saleId: try saleId(run))
        case .completeTraining:
            run.completed = try await sales.writeTrainingOrder(saleId: try saleId(run))
        case .sign(.refund):
            await signRefund(run)
        case .sign(let step):
            let id = try saleId(run)
            switch step {
            case .start:
                if let clientUUID = run.stored?.order.clientUUID { await fiscal.saleOpened(saleId: id, clientUUID: clientUUID) }
            case .startTraining:
                if let clientUUID = run.stored?.order.clientUUID {
                    await fiscal.saleOpened(saleId: id, clientUUID: clientUUID, training: true)
                }
            case .finish: await fiscal.saleCompleted(saleId: id)
            case .cancel: await fiscal.saleVoided(saleId: id)
            case .refund: break  // signed above, by its order
            }
        case .issueReceipt(let kickDrawer):
            if let completed = run.completed {
                run.receipt = await ReceiptService(environment: environment).issueSale(orderId: completed.orderId, kickDrawer: kickDrawer)
            }
        case .park(let name):
            let id = try saleId(run)
            run.stored = try await sales.storage { try await database.parkSale(saleId: id, name: name) }
        case .resume:
            let id = try saleId(run)
            run.stored = try await sales.storage { try await database.resumeSale(saleId: id) }
        case .void:
            let id = try saleId(run)
            let register = RegisterIdentity.current(environment)
            run.stored = try await sales.storage { try await database.voidSale(saleId: id, register: register) }
        case .refundCash(let amount):
            try await refundCash(amount, &run)
        case .collectCardRefund(let amount):
            run.journal = try await collectCardRefund(amount, run, inputs)
        case .recordCardRefund(let approval):
            try await recordCardRefund(approval, &run, inputs)
        case .issueRefundReceipt(let kickDrawer):
            await issueRefundReceipt(kickDrawer: kickDrawer, &run)
        case .announce(let announcement):
            environment.logger.notice("checkout: \(run.subject) \(announcement.rawValue)")
        }
        return nil
    }

    private func saleId(_ run: CheckoutRun) throws(OrderError) -> Int64 {
        guard let id = run.saleId else { throw .saleNotFound(reference: "new sale") }
        return id
    }

    /// Prices the cart (checked against the limits); with cashiers set up and a manual discount on the cart, also
    /// without its manual discounts, for the reducer's approval rule.
    private func price(_ cart: Cart, _ run: inout CheckoutRun) async throws(OrderError) -> Checkout.Pricing {
        let currency = run.checkout.total.currency
        guard !cart.items.isEmpty else {
            run.priced = nil
            return Checkout.Pricing(total: Money(minorUnits: 0, currency: currency))
        }
        let priced = try await sales.price(cart, cache: sales.openSale)
        run.priced = priced
        let total = Money(minorUnits: priced.1.total, currency: priced.0.settings.currency)
        let discounted = cart.orderDiscount != nil || cart.items.contains { $0.discount != nil }
        guard discounted, run.checkout.policy.cashiersSetUp else { return Checkout.Pricing(total: total) }
        var plain = cart
        plain.orderDiscount = nil
        for index in plain.items.indices { plain.items[index].discount = nil }
        let full = try await sales.price(plain).1.total
        return Checkout.Pricing(total: total, withoutManualDiscounts: Money(minorUnits: full, currency: total.currency))
    }

    private func authorize(_ approval: Checkout.Approval, _ run: inout CheckoutRun, _ inputs: CheckoutInputs) async throws(OrderError) {
        let cashiers = CashierService(environment: environment)
        let reference = run.saleId.map { "sale \($0)" } ?? "new sale"
        do {
            switch approval {
            case .discount(let off, let percent) where run.saleId == nil:
                // A new sale's first step: checked now (refused: nothing is recorded), recorded under the sale's id
                // once `persistLines` has recorded the sale, as the same discount on an open sale is.
                run.approvalOfNewSale = try await cashiers.check(inputs.approval, .discount, reference: reference, amount: off,
                                                                 detail: "\(percent) % off")
            case .discount(let off, let percent):
                try await cashiers.approve(inputs.approval, .discount, reference: reference, amount: off, detail: "\(percent) % off")
            case .void:
                try await cashiers.approve(inputs.approval, .void, reference: reference, amount: run.checkout.total)
            case .refund(let amount):
                try await cashiers.approve(inputs.approval, .refund, reference: "order \(run.orderId ?? 0)", amount: amount)
            }
        } catch {
            throw .cashier(error)
        }
    }

    private func persist(_ cart: Cart, _ run: inout CheckoutRun) async throws(OrderError) {
        let priced = SaleRecords.priced(cart, run.priced, currency: run.checkout.total.currency)
        if let id = run.saleId {
            let basedOn = sales.openSale?.stored(id)
            run.stored = try await sales.storage { try await database.updateLines(saleId: id, priced: priced, basedOn: basedOn) }
            if let stored = run.stored { sales.openSale?.keep(stored) }
            return
        }
        let clientUUID = environment.uuid.client()
        // A new sale is recorded in the mode the checkout gave it (the register's, when it was recorded).
        let training = run.checkout.training
        let opened = try await sales.storage { try await database.openSale(clientUUID: clientUUID, priced: priced, training: training) }
        run.stored = opened
        run.saleId = opened.id
        sales.openSale?.adopt(opened.id)
        sales.openSale?.keep(opened)
        if var approval = run.approvalOfNewSale {
            approval.reference = "sale \(opened.id)"
            run.approvalOfNewSale = nil
            do { try await CashierService(environment: environment).record(approval) } catch { throw .cashier(error) }
        }
    }

    /// Journals a card attempt for the sale (committed before the request leaves).
    private func journal(_ amount: Money, _ run: CheckoutRun, _ inputs: CheckoutInputs) async throws(OrderError) -> PaymentJournalRecord {
        try await journalCard(amount, kind: "sale", saleId: try saleId(run), orderId: nil, inputs)
    }

    /// Journals a card attempt (a sale's tender, kind `sale`; an order's refund, kind `refund`): the row committed and
    /// marked sent before the request leaves for the terminal.
    func journalCard(_ amount: Money, kind: String, saleId: Int64?, orderId: Int64?,
                     _ inputs: CheckoutInputs) async throws(OrderError) -> PaymentJournalRecord {
        guard let card = inputs.card else { throw .saleRefused(L10n.tr("error.checkout.noReader")) }
        let recorder = CardPaymentRecorder(environment: environment)
        do {
            let row = try await recorder.start(attemptId: card.attemptId, saleId: saleId, orderId: orderId, reader: card.reader,
                                               kind: kind, amount: amount, previousReceiptNumber: card.previousReceiptNumber)
            try await recorder.mark(row.attemptId, .requestSent)
            return row
        } catch {
            throw .storage(StorageError(wrapping: error))
        }
    }

    /// Records the approved card tender with its journal row, once.
    private func recordCard(_ approval: Checkout.CardApproval, _ run: inout CheckoutRun, _ inputs: CheckoutInputs) async throws(OrderError) {
        guard let result = inputs.cardResult else { throw .saleRefused(L10n.tr("error.checkout.noCardAttempt")) }
        let outcome: CardTenderOutcome
        do {
            outcome = try await CardPaymentRecorder(environment: environment)
                .recordCardTender(approval.attemptId, result: result, note: inputs.note)
        } catch {
            throw .storage(StorageError(wrapping: error))
        }
        switch outcome {
        case .recorded: break
        case .alreadySettled, .saleNotOpen: run.alreadySettled = true
        }
    }
}
