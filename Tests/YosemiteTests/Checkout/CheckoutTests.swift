import POSFoundation
import Testing
@testable import Yosemite

/// The checkout's reducer: every event in every state, the effects each allowed event returns in their fixed
/// order, and the rules it owns (limits of tenders, the cashier policy, approvals, recovery, refunds).
struct CheckoutTests {
    static let eur = Currency(code: "EUR")
    static func money(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: eur) }
    static let item = Cart.Item(code: "4006381333931", quantity: 2)
    static let signedOut = Checkout.Policy(cashiersSetUp: true, signedIn: false, discountApprovalPercent: 10)
    static let signedIn = Checkout.Policy(cashiersSetUp: true, signedIn: true, discountApprovalPercent: 10)
    static let end = Checkout.CardAttemptEnd(attemptId: "A1", reason: "declined (05)")
    static let refundApproval = Checkout.CardApproval(attemptId: "R1", amount: money(400))

    /// A completed sale of 10.00 as its order says, `card` of it paid by card, `refunded` of it given back.
    static func sold(card: Int64 = 0, refunded: Int64 = 0, cardRefunded: Int64 = 0, inFlight: Bool = false,
                     paid: Int64 = 1_000, policy: Checkout.Policy = .unattended) -> Checkout {
        Checkout(order: money(1_000), paid: money(paid), hasCashTender: card < paid,
                 refunds: Checkout.Refunds(orderNumber: 7, cardPaid: money(card), refunded: money(refunded),
                                           cardRefunded: money(cardRefunded), inFlight: inFlight),
                 policy: policy)
    }

    /// The states a sale can be in, as the machine sees them.
    enum Situation: String, CaseIterable, Sendable {
        case openNew, openEmpty, openPricing, openSelling, openWithItems, openSignedOut, openPartlyPaidCash, openCardInFlight,
             openPartlyPaidCard, openCovered, parked, completed, voided,
             /// Completed sales read with their orders (refunds): paid in cash, with cashiers set up, by card, with a
             /// card refund in flight, fully refunded, and an order with no payment.
             soldCash, soldCashAttended, soldCard, soldCardRefundInFlight, soldFullyRefunded, soldUnpaid

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
            case .openSelling:
                // `pos sell --pay cash:20.00`: the whole cart and the cash, waiting for the price.
                var checkout = Checkout(currency: CheckoutTests.eur)
                _ = try? checkout.handle(.sell(cart, cash: CheckoutTests.money(2_000)))
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
            case .soldCash: return CheckoutTests.sold()
            case .soldCashAttended: return CheckoutTests.sold(policy: CheckoutTests.signedIn)
            case .soldCard: return CheckoutTests.sold(card: 1_000)
            case .soldCardRefundInFlight: return CheckoutTests.sold(card: 1_000, inFlight: true)
            case .soldFullyRefunded: return CheckoutTests.sold(refunded: 1_000)
            case .soldUnpaid: return CheckoutTests.sold(paid: 0)
            }
        }
    }

    /// Every kind of event, with a representative value.
    enum EventKind: String, CaseIterable, Sendable {
        case replace, sell, add, setQuantity, removeLine, lineDiscount, cartDiscount, coupon, customer, priced, tenderCash,
             startCard, cardApproved, cardDeclined, cardOutcomeUnknown, park, resume, void, recover,
             refund, refundAll, refundApproved, refundDeclined, refundOutcomeUnknown

        var event: Checkout.Event {
            switch self {
            case .replace: .edit(.replace(Cart(items: [Cart.Item(code: "X2", quantity: 3)])))
            case .sell: .sell(Cart(items: [Cart.Item(code: "X2", quantity: 3)]), cash: nil)
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
            case .refund: .refund(CheckoutTests.money(400))
            case .refundAll: .refund(nil)
            case .refundApproved: .refundApproved(CheckoutTests.refundApproval)
            case .refundDeclined: .refundDeclined(CheckoutTests.end)
            case .refundOutcomeUnknown: .refundOutcomeUnknown(CheckoutTests.end)
            }
        }
    }

    /// What each event does in each situation: the effects, or `nil` for a refusal.
    static func expected(_ kind: EventKind, in situation: Situation) -> [Checkout.Effect]? {
        let editable: Set<Situation> = [.openNew, .openEmpty, .openPricing, .openSelling, .openWithItems]
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
        case .sell:
            // Only a sale not yet recorded; nothing is recorded before the price is known.
            return [.openNew, .openPricing, .openSelling].contains(situation)
                ? [.price(Cart(items: [Cart.Item(code: "X2", quantity: 3)]))] : nil
        case .priced:
            // Only an edit waiting for its price takes one; a new sale is recorded and its TSE transaction started;
            // a whole sale paid at once (20.00 for 10.00) is recorded, paid and completed in the one order.
            switch situation {
            case .openPricing: return [.persistLines(Cart(items: [item])), .sign(.start), .announce(.edited)]
            case .openSelling:
                return [.persistLines(Cart(items: [item])), .sign(.start), .recordCash(money(2_000)), .complete,
                        .sign(.finish), .issueReceipt(kickDrawer: true), .announce(.completed)]
            default: return nil
            }
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
        case .refund, .refundAll:
            // Only a paid sale read with its order, nothing in flight, something left; cash back at once, the card
            // journalled first (the terminal answers); a manager first with cashiers set up.
            let amount = kind == .refund ? money(400) : money(1_000)
            let cash: [Checkout.Effect] = [.refundCash(amount), .sign(.refund), .issueRefundReceipt(kickDrawer: true),
                                           .announce(.refunded)]
            switch situation {
            case .soldCash: return cash
            case .soldCashAttended: return [.authorize(.refund(amount))] + cash
            case .soldCard: return [.collectCardRefund(amount)]
            default: return nil
            }
        case .refundApproved:
            return situation == .soldCardRefundInFlight
                ? [.recordCardRefund(refundApproval), .sign(.refund), .issueRefundReceipt(kickDrawer: false),
                   .announce(.refunded)] : nil
        case .refundDeclined:
            return situation == .soldCardRefundInFlight ? [.journalAttempt(end, .declined), .announce(.refundDeclined)] : nil
        case .refundOutcomeUnknown:
            return situation == .soldCardRefundInFlight ? [.journalAttempt(end, .unknown), .announce(.outcomeUnknown)] : nil
        }
    }

    @Test func sell_cashShortOfThePrice_isRefusedWhenPriced_andNothingIsRecorded() throws {
        // Given a whole cart with 20.00 in cash, priced at 28.38
        var checkout = Checkout(currency: Self.eur)
        #expect(try checkout.handle(.sell(Cart(items: [Self.item]), cash: Self.money(2_000))) == [.price(Cart(items: [Self.item]))])
        let before = checkout
        // When the price comes back
        #expect(throws: CheckoutRefusal.self) { try checkout.handle(.priced(Checkout.Pricing(total: Self.money(2_838)))) }
        // Then nothing is to be recorded: the sale is as it was, never recorded
        #expect(checkout == before)
        #expect(!checkout.isRecorded)
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

    // MARK: - Refunds

    @Test func refund_ofASplitSale_goesToTheCardFirst_thenTheRestInCash_thenNothingIsLeft() throws {
        // Given a sale of 10.00 paid 4.00 in cash and 6.00 by card
        var checkout = Self.sold(card: 600)
        // When / Then: an amount above the card's part is more than the card can take back
        #expect { try checkout.handle(.refund(Self.money(1_000))) } throws: { error in
            (error as? CheckoutRefusal)?.reason.contains("6.00") == true
        }
        // "All that is left" (no amount) is the card's part first: it goes back on the terminal, journalled first
        #expect(try checkout.refundPlan(nil) == Checkout.RefundPlan(amount: Self.money(600), method: .card))
        #expect(try checkout.handle(.refund(nil)) == [.collectCardRefund(Self.money(600))])
        let approval = Checkout.CardApproval(attemptId: "R1", amount: Self.money(600))
        #expect(try checkout.handle(.refundApproved(approval)) == [
            .recordCardRefund(approval), .sign(.refund), .issueRefundReceipt(kickDrawer: false), .announce(.refunded),
        ])
        // Then the card has nothing left to take back: the rest goes back in cash, the drawer opens
        #expect(try checkout.refundPlan(nil) == Checkout.RefundPlan(amount: Self.money(400), method: .cash))
        #expect(try checkout.handle(.refund(nil)) == [
            .refundCash(Self.money(400)), .sign(.refund), .issueRefundReceipt(kickDrawer: true), .announce(.refunded),
        ])
        #expect(checkout.refundable == Self.money(0))
        #expect(checkout.refunds?.cardRefunded == Self.money(600))
        #expect { try checkout.handle(.refund(nil)) } throws: { error in
            (error as? CheckoutRefusal)?.reason.contains("order 7 is already fully refunded (€10.00)") == true
        }
    }

    @Test func refund_zeroMoreThanLeftOrUnpaid_isRefusedAndChangesNothing() {
        for (checkout, amount, words) in [(Self.sold(refunded: 700), Self.money(400), "€4.00 is more than the €3.00 left"),
                                          (Self.sold(), Self.money(0), "more than zero"),
                                          (Self.sold(paid: 0), nil, "order 7 is not paid"),
                                          (Self.sold(card: 1_000, refunded: 1_000, cardRefunded: 1_000), nil, "fully refunded")] {
            var refused = checkout
            #expect { try refused.handle(.refund(amount)) } throws: { error in
                (error as? CheckoutRefusal)?.reason.contains(words) == true
            }
            #expect(refused == checkout)
            #expect(throws: CheckoutRefusal.self) { try checkout.refundPlan(amount) }
        }
    }

    @Test func refund_whileACardRefundIsUnknown_isRefused_untilItIsDeclined() throws {
        // Given a card refund journalled, its answer lost
        var checkout = Self.sold(card: 1_000)
        _ = try checkout.handle(.refund(Self.money(400)))
        #expect(try checkout.handle(.refundOutcomeUnknown(Self.end)) == [.journalAttempt(Self.end, .unknown),
                                                                          .announce(.outcomeUnknown)])
        // When / Then: never refunded again while it is unknown
        #expect { try checkout.handle(.refund(Self.money(400))) } throws: { error in
            (error as? CheckoutRefusal)?.reason.contains("resolve it with the terminal") == true
        }
        // A decline (the terminal says nothing went back) frees the order for another refund
        #expect(try checkout.handle(.refundDeclined(Self.end)) == [.journalAttempt(Self.end, .declined),
                                                                    .announce(.refundDeclined)])
        #expect(try checkout.handle(.refund(Self.money(400))) == [.collectCardRefund(Self.money(400))])
    }

    @Test func refund_withCashiers_asksForAManagerFirst_evenWithNobodySignedIn() throws {
        // Given
        var checkout = Self.sold(card: 1_000, policy: Self.signedOut)
        // When
        let effects = try checkout.handle(.refund(nil))
        // Then: the approval runs before the attempt is journalled
        #expect(effects == [.authorize(.refund(Self.money(1_000))), .collectCardRefund(Self.money(1_000))])
    }

    @Test func refundPlan_answersWhatTheRefundWouldDo_andChangesNothing() throws {
        // Given
        let checkout = Self.sold(card: 1_000)
        var copy = checkout
        // When
        let plan = try checkout.refundPlan(Self.money(250))
        // Then
        #expect(plan == Checkout.RefundPlan(amount: Self.money(250), method: .card))
        #expect(try copy.handle(.refund(Self.money(250))) == [.collectCardRefund(plan.amount)])
        #expect(try Self.sold().refundPlan(nil) == Checkout.RefundPlan(amount: Self.money(1_000), method: .cash))
    }
}

extension CheckoutTests.Situation: CustomTestStringConvertible {
    var testDescription: String { rawValue }
}

extension CheckoutTests.EventKind: CustomTestStringConvertible {
    var testDescription: String { rawValue }
}
