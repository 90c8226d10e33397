import POSFoundation
import Testing
@testable import Yosemite

/// The checkout's reducer: every event in every state, the effects each allowed event returns in their fixed
/// order, and the rules it owns (limits of tenders, the cashier policy, approvals, recovery).
struct CheckoutTests {
    static let eur = Currency(code: "EUR")
    static func money(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: eur) }
    static let item = Cart.Item(code: "4006381333931", quantity: 2)
    static let signedOut = Checkout.Policy(cashiersSetUp: true, signedIn: false, discountApprovalPercent: 10)
    static let signedIn = Checkout.Policy(cashiersSetUp: true, signedIn: true, discountApprovalPercent: 10)
    static let end = Checkout.CardAttemptEnd(attemptId: "A1", reason: "declined (05)")

    /// The states a sale can be in, as the machine sees them.
    enum Situation: String, CaseIterable, Sendable {
        case openNew, openEmpty, openPricing, openWithItems, openSignedOut, openPartlyPaidCash, openCardInFlight,
             openPartlyPaidCard, openCovered, parked, completed, voided

        var checkout: Checkout {
            let cart = Cart(items: [CheckoutTests.item])
            let total = CheckoutTests.money(1_000)
            let zero = CheckoutTests.money(0)
            switch self {
            case .openNew: return Checkout(currency: CheckoutTests.eur)
            case .openEmpty:
                return Checkout(state: .open, cart: Cart(), total: zero, paid: zero, hasCardTender: false, cardInFlight: false)
            case .openPricing:
                var checkout = Checkout(currency: CheckoutTests.eur)
                _ = try? checkout.handle(.edit(.add(CheckoutTests.item)))
                return checkout
            case .openWithItems:
                return Checkout(state: .open, cart: cart, total: total, paid: zero, hasCardTender: false, cardInFlight: false)
            case .openSignedOut:
                return Checkout(state: .open, cart: cart, total: total, paid: zero, hasCardTender: false, cardInFlight: false,
                                policy: CheckoutTests.signedOut)
            case .openPartlyPaidCash:
                return Checkout(state: .open, cart: cart, total: total, paid: CheckoutTests.money(400), hasCashTender: true,
                                hasCardTender: false, cardInFlight: false)
            case .openCardInFlight:
                return Checkout(state: .open, cart: cart, total: total, paid: zero, hasCardTender: false, cardInFlight: true)
            case .openPartlyPaidCard:
                return Checkout(state: .open, cart: cart, total: total, paid: CheckoutTests.money(600), hasCardTender: true,
                                cardInFlight: false)
            case .openCovered:
                return Checkout(state: .open, cart: cart, total: total, paid: total, hasCashTender: true, hasCardTender: false,
                                cardInFlight: false)
            case .parked:
                return Checkout(state: .parked, cart: cart, total: total, paid: zero, hasCardTender: false, cardInFlight: false)
            case .completed:
                return Checkout(state: .completed, cart: cart, total: total, paid: total, hasCardTender: false, cardInFlight: false)
            case .voided:
                return Checkout(state: .voided, cart: cart, total: total, paid: zero, hasCardTender: false, cardInFlight: false)
            }
        }
    }

    /// Every kind of event, with a representative value.
    enum EventKind: String, CaseIterable, Sendable {
        case replace, add, setQuantity, removeLine, lineDiscount, cartDiscount, coupon, customer, priced, tenderCash,
             startCard, cardApproved, cardDeclined, cardOutcomeUnknown, park, resume, void, recover

        var event: Checkout.Event {
            switch self {
            case .replace: .edit(.replace(Cart(items: [Cart.Item(code: "X2", quantity: 3)])))
            case .add: .edit(.add(Cart.Item(code: "X1")))
            case .setQuantity: .edit(.setQuantity(line: 0, quantity: 3))
            case .removeLine: .edit(.removeLine(0))
            case .lineDiscount: .edit(.lineDiscount(line: 0, .percent(PreciseAmount(micros: 10_000_000))))
            case .cartDiscount: .edit(.cartDiscount(.amount(PreciseAmount(micros: 1_000_000))))
            case .coupon: .edit(.coupon("summer"))
            case .customer: .edit(.customer(42))
            case .priced: .priced(Checkout.Pricing(total: CheckoutTests.money(1_000)))
            case .tenderCash: .tenderCash(CheckoutTests.money(200), part: true)
            case .startCard: .startCard(CheckoutTests.money(400))
            case .cardApproved: .cardApproved(Checkout.CardApproval(attemptId: "A1", amount: CheckoutTests.money(400)))
            case .cardDeclined: .cardDeclined(CheckoutTests.end)
            case .cardOutcomeUnknown: .cardOutcomeUnknown(CheckoutTests.end)
            case .park: .park(name: "Table 4")
            case .resume: .resume
            case .void: .void
            case .recover: .recover
            }
        }
    }

    /// What each event does in each situation: the effects, or `nil` for a refusal.
    static func expected(_ kind: EventKind, in situation: Situation) -> [Checkout.Effect]? {
        let editable: Set<Situation> = [.openNew, .openEmpty, .openPricing, .openWithItems]
        let lineEditable: Set<Situation> = [.openWithItems]
        let payable: Set<Situation> = [.openWithItems, .openPartlyPaidCash, .openPartlyPaidCard]
        switch kind {
        case .replace, .add, .cartDiscount, .coupon, .customer:
            guard editable.contains(situation) else { return nil }
            var cart = situation.checkout.cart
            switch kind.event {
            case .edit(.replace(let whole)): cart = whole
            case .edit(.add(let item)): cart.items.append(item)
            case .edit(.cartDiscount(let discount)): cart.orderDiscount = discount
            case .edit(.coupon(let code)): cart.couponCodes = code.map { [$0] } ?? []
            case .edit(.customer(let id)): cart.customerId = id
            default: break
            }
            return [.price(cart)]
        case .setQuantity, .removeLine, .lineDiscount:
            guard lineEditable.contains(situation) else { return nil }
            var cart = situation.checkout.cart
            switch kind {
            case .setQuantity: cart.items[0].quantity = 3
            case .removeLine: cart.items.remove(at: 0)
            default: cart.items[0].discount = .percent(PreciseAmount(micros: 10_000_000))
            }
            return [.price(cart)]
        case .priced:
            // Only an edit waiting for its price takes one; a new sale is recorded and its TSE transaction started.
            return situation == .openPricing
                ? [.persistLines(Cart(items: [item])), .sign(.start), .announce(.edited)] : nil
        case .tenderCash:
            return payable.contains(situation) ? [.recordCash(money(200)), .announce(.tendered)] : nil
        case .startCard:
            return payable.contains(situation) ? [.collectCard(money(400))] : nil
        case .cardApproved:
            return situation == .openCardInFlight
                ? [.recordCard(Checkout.CardApproval(attemptId: "A1", amount: money(400))), .announce(.tendered)] : nil
        case .cardDeclined:
            return situation == .openCardInFlight ? [.journalAttempt(end, .declined), .announce(.declined)] : nil
        case .cardOutcomeUnknown:
            return situation == .openCardInFlight ? [.journalAttempt(end, .unknown), .announce(.outcomeUnknown)] : nil
        case .park:
            return [.openWithItems, .openSignedOut].contains(situation) ? [.park(name: "Table 4"), .announce(.parked)] : nil
        case .resume:
            return situation == .parked ? [.resume, .announce(.resumed)] : nil
        case .void:
            let voidable: Set<Situation> = [.openEmpty, .openWithItems, .openSignedOut, .openPartlyPaidCash, .openCovered, .parked]
            return voidable.contains(situation) ? [.void, .sign(.cancel), .announce(.voided)] : nil
        case .recover:
            return situation == .openCovered
                ? [.complete, .sign(.finish), .issueReceipt(kickDrawer: true), .announce(.completed)] : nil
        }
    }

    static let allPairs: [(Situation, EventKind)] = Situation.allCases.flatMap { s in EventKind.allCases.map { (s, $0) } }

    @Test(arguments: allPairs)
    func handle_everyEventInEveryState_returnsTheEffectsOrRefusesWithoutChange(situation: Situation, kind: EventKind) {
        // Given
        var checkout = situation.checkout
        let before = checkout
        // When
        let result = Result { () throws(CheckoutRefusal) -> [Checkout.Effect] in try checkout.handle(kind.event) }
        // Then
        switch (result, Self.expected(kind, in: situation)) {
        case (.success(let effects), let expected?):
            #expect(effects == expected, "\(kind) in \(situation)")
        case (.failure(let refusal), nil):
            #expect(checkout == before, "a refused \(kind) in \(situation) changed the checkout")
            #expect(refusal.state == before.state)
            #expect(!refusal.reason.isEmpty)
        case (.success(let effects), nil):
            Issue.record("\(kind) in \(situation) should be refused, returned \(effects)")
        case (.failure(let refusal), let expected?):
            Issue.record("\(kind) in \(situation) should return \(expected), refused: \(refusal.reason)")
        }
    }

    @Test func tenderCash_coveringTheDue_completesInTheFixedOrder() throws {
        // Given
        var checkout = Situation.openWithItems.checkout
        // When
        let effects = try checkout.handle(.tenderCash(Self.money(2_000)))
        // Then: record the tender → the order → the TSE → the receipt with the drawer → the announcement
        #expect(effects == [.recordCash(Self.money(2_000)), .complete, .sign(.finish), .issueReceipt(kickDrawer: true),
                            .announce(.completed)])
        #expect(checkout.state == .completed)
        #expect(checkout.due == Self.money(0))
    }

    @Test func editOrTender_withCashiersSetUpAndNobodySignedIn_isRefusedAsSignInRequired() {
        // Given
        var checkout = Situation.openSignedOut.checkout
        let before = checkout
        // When / Then: refused before anything is recorded
        for event in [Checkout.Event.tenderCash(Self.money(1_000)), .startCard(Self.money(1_000)),
                      .edit(.add(Self.item))] {
            #expect {
                try checkout.handle(event)
            } throws: { error in
                (error as? CheckoutRefusal)?.kind == .signInRequired
            }
        }
        #expect(checkout == before)
        checkout.policy = Self.signedIn
        #expect((try? checkout.handle(.tenderCash(Self.money(1_000))))?.first == .recordCash(Self.money(1_000)))
    }

    @Test func tenderCash_shortOfTheDue_isRefusedAsShort_unlessItIsASplitsCashPart() throws {
        // Given
        var checkout = Situation.openWithItems.checkout
        let before = checkout
        // When / Then
        #expect {
            try checkout.handle(.tenderCash(Self.money(999)))
        } throws: { error in
            (error as? CheckoutRefusal)?.kind == .cashShort(due: Self.money(1_000), tendered: Self.money(999))
        }
        #expect(checkout == before)
        #expect(throws: CheckoutRefusal.self) { try checkout.handle(.tenderCash(Self.money(1_000), part: true)) }
        #expect(try checkout.handle(.tenderCash(Self.money(999), part: true)) == [.recordCash(Self.money(999)), .announce(.tendered)])
    }

    @Test func cardDeclined_thenCash_paysTheSameSale() throws {
        // Given
        var checkout = Situation.openWithItems.checkout
        _ = try checkout.handle(.startCard(Self.money(1_000)))
        // When
        let declined = try checkout.handle(.cardDeclined(Self.end))
        let cash = try checkout.handle(.tenderCash(Self.money(1_000)))
        // Then
        #expect(declined == [.journalAttempt(Self.end, .declined), .announce(.declined)])
        #expect(cash == [.recordCash(Self.money(1_000)), .complete, .sign(.finish), .issueReceipt(kickDrawer: true),
                         .announce(.completed)])
        #expect(checkout.state == .completed)
        #expect(!checkout.hasCardTender)
    }

    @Test func split_cashThenCard_completesOnTheCardApprovalAndOpensTheDrawer() throws {
        // Given
        var checkout = Situation.openWithItems.checkout
        let approval = Checkout.CardApproval(attemptId: "A2", amount: Self.money(700))
        // When
        let cash = try checkout.handle(.tenderCash(Self.money(300), part: true))
        let start = try checkout.handle(.startCard(checkout.due))
        let approved = try checkout.handle(.cardApproved(approval))
        // Then
        #expect(cash == [.recordCash(Self.money(300)), .announce(.tendered)])
        #expect(start == [.collectCard(Self.money(700))])
        #expect(approved == [.recordCard(approval), .complete, .sign(.finish), .issueReceipt(kickDrawer: true),
                             .announce(.completed)])
        #expect(checkout.state == .completed)
    }

    @Test func cardOnly_completes_withoutTheDrawer() throws {
        // Given
        var checkout = Situation.openWithItems.checkout
        let approval = Checkout.CardApproval(attemptId: "A3", amount: Self.money(1_000))
        _ = try checkout.handle(.startCard(Self.money(1_000)))
        // When
        let approved = try checkout.handle(.cardApproved(approval))
        // Then
        #expect(approved == [.recordCard(approval), .complete, .sign(.finish), .issueReceipt(kickDrawer: false),
                             .announce(.completed)])
    }

    @Test func startCard_moreThanDue_isRefused() {
        // Given
        var checkout = Situation.openPartlyPaidCash.checkout
        // When / Then
        #expect(throws: CheckoutRefusal.self) { try checkout.handle(.startCard(Self.money(700))) }
    }

    @Test func add_sameCodeWithoutDiscount_addsToItsLine() throws {
        // Given
        var checkout = Situation.openWithItems.checkout
        // When
        _ = try checkout.handle(.edit(.add(Cart.Item(code: Self.item.code, quantity: 3))))
        _ = try checkout.handle(.priced(Checkout.Pricing(total: Self.money(2_500))))
        // Then
        #expect(checkout.cart.items == [Cart.Item(code: Self.item.code, quantity: 5)])
        #expect(checkout.total == Self.money(2_500))
    }

    @Test func edit_isNotApplied_untilItIsPriced() throws {
        // Given
        var checkout = Situation.openWithItems.checkout
        // When
        _ = try checkout.handle(.edit(.removeLine(0)))
        // Then: the cart as recorded until the price comes back (a price the limits refuse changes nothing)
        #expect(checkout.cart.items == [Self.item])
        _ = try checkout.handle(.priced(Checkout.Pricing(total: Self.money(0))))
        #expect(checkout.cart.items.isEmpty)
    }

    @Test func discount_aboveTheThreshold_withCashiers_asksForAManagerFirst() throws {
        // Given
        var checkout = Situation.openWithItems.checkout
        checkout.policy = Self.signedIn
        let discount = Cart.Discount.percent(PreciseAmount(micros: 20_000_000))
        // When
        _ = try checkout.handle(.edit(.lineDiscount(line: 0, discount)))
        let effects = try checkout.handle(.priced(Checkout.Pricing(total: Self.money(800),
                                                                   withoutManualDiscounts: Self.money(1_000))))
        // Then: the approval runs before the lines are persisted
        var cart = Cart(items: [Self.item])
        cart.items[0].discount = discount
        #expect(effects == [.authorize(.discount(off: Self.money(200), percent: 20)), .persistLines(cart), .announce(.edited)])
    }

    @Test func discount_withinTheThreshold_orWithoutCashiers_needsNoManager() throws {
        for (policy, total) in [(Self.signedIn, Int64(950)), (Checkout.Policy.unattended, 500)] {
            var checkout = Situation.openWithItems.checkout
            checkout.policy = policy
            _ = try checkout.handle(.edit(.cartDiscount(.amount(PreciseAmount(micros: 1_000_000)))))
            let effects = try checkout.handle(.priced(Checkout.Pricing(total: Self.money(total),
                                                                       withoutManualDiscounts: Self.money(1_000))))
            #expect(!effects.contains { if case .authorize = $0 { true } else { false } })
        }
    }

    @Test func void_ofASaleHoldingCash_withCashiers_asksForAManagerFirst() throws {
        // Given
        var checkout = Situation.openPartlyPaidCash.checkout
        checkout.policy = Self.signedIn
        // When
        let effects = try checkout.handle(.void)
        // Then
        #expect(effects == [.authorize(.void(paid: Self.money(400))), .void, .sign(.cancel), .announce(.voided)])
    }

    @Test func park_thenResume_keepsLinesDiscountsAndCustomer() throws {
        // Given
        var checkout = Checkout(currency: Self.eur)
        for edit in [Checkout.CartEdit.add(Self.item), .cartDiscount(.percent(PreciseAmount(micros: 10_000_000))), .customer(7)] {
            _ = try checkout.handle(.edit(edit))
            _ = try checkout.handle(.priced(Checkout.Pricing(total: Self.money(900))))
        }
        let cart = checkout.cart
        // When
        _ = try checkout.handle(.park(name: nil))
        _ = try checkout.handle(.resume)
        // Then
        #expect(checkout.state == .open)
        #expect(checkout.cart == cart)
    }
}

extension CheckoutTests.Situation: CustomTestStringConvertible {
    var testDescription: String { rawValue }
}

extension CheckoutTests.EventKind: CustomTestStringConvertible {
    var testDescription: String { rawValue }
}
