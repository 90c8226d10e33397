import POSFoundation
import Testing
@testable import Yosemite

/// The checkout state machine: every event in every state, and the effects each allowed event returns.
struct CheckoutTests {
    static let eur = Currency(code: "EUR")
    static func money(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: eur) }
    static let item = Cart.Item(code: "4006381333931", quantity: 2)

    /// The states a sale can be in, as the machine sees them.
    enum Situation: String, CaseIterable, Sendable {
        case openEmpty, openWithItems, openPartlyPaidCash, openCardInFlight, openPartlyPaidCard, parked, completed, voided

        var checkout: Checkout {
            let cart = Cart(items: [CheckoutTests.item])
            let total = CheckoutTests.money(1_000)
            let zero = CheckoutTests.money(0)
            switch self {
            case .openEmpty: return Checkout(currency: CheckoutTests.eur)
            case .openWithItems:
                return Checkout(state: .open, cart: cart, total: total, paid: zero, hasCardTender: false, cardInFlight: false)
            case .openPartlyPaidCash:
                return Checkout(state: .open, cart: cart, total: total, paid: CheckoutTests.money(400), hasCardTender: false,
                                cardInFlight: false)
            case .openCardInFlight:
                return Checkout(state: .open, cart: cart, total: total, paid: zero, hasCardTender: false, cardInFlight: true)
            case .openPartlyPaidCard:
                return Checkout(state: .open, cart: cart, total: total, paid: CheckoutTests.money(600), hasCardTender: true,
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
        case add, setQuantity, removeLine, lineDiscount, cartDiscount, coupon, customer, priced, tenderCash, startCard,
             cardApproved, cardDeclined, cardOutcomeUnknown, park, resume, void

        var event: Checkout.Event {
            switch self {
            case .add: .edit(.add(Cart.Item(code: "X1")))
            case .setQuantity: .edit(.setQuantity(line: 0, quantity: 3))
            case .removeLine: .edit(.removeLine(0))
            case .lineDiscount: .edit(.lineDiscount(line: 0, .percent(PreciseAmount(micros: 10_000_000))))
            case .cartDiscount: .edit(.cartDiscount(.amount(PreciseAmount(micros: 1_000_000))))
            case .coupon: .edit(.coupon("summer"))
            case .customer: .edit(.customer(42))
            case .priced: .priced(CheckoutTests.money(1_000))
            case .tenderCash: .tenderCash(CheckoutTests.money(200))
            case .startCard: .startCard(CheckoutTests.money(400))
            case .cardApproved: .cardApproved(CheckoutTests.money(400))
            case .cardDeclined: .cardDeclined
            case .cardOutcomeUnknown: .cardOutcomeUnknown
            case .park: .park(name: "Table 4")
            case .resume: .resume
            case .void: .void
            }
        }
    }

    /// What each event does in each situation: the effects, or `nil` for a refusal.
    static func expected(_ kind: EventKind, in situation: Situation) -> [Checkout.Effect]? {
        let editable: Set<Situation> = [.openEmpty, .openWithItems]
        let lineEditable: Set<Situation> = [.openWithItems]
        let payable: Set<Situation> = [.openWithItems, .openPartlyPaidCash, .openPartlyPaidCard]
        switch kind {
        case .add, .cartDiscount, .coupon, .customer:
            guard editable.contains(situation) else { return nil }
            var cart = situation.checkout.cart
            switch kind.event {
            case .edit(.add(let item)): cart.items.append(item)
            case .edit(.cartDiscount(let discount)): cart.orderDiscount = discount
            case .edit(.coupon(let code)): cart.couponCodes = code.map { [$0] } ?? []
            case .edit(.customer(let id)): cart.customerId = id
            default: break
            }
            return [.persistLines(cart)]
        case .setQuantity, .removeLine, .lineDiscount:
            guard lineEditable.contains(situation) else { return nil }
            var cart = situation.checkout.cart
            switch kind {
            case .setQuantity: cart.items[0].quantity = 3
            case .removeLine: cart.items.remove(at: 0)
            default: cart.items[0].discount = .percent(PreciseAmount(micros: 10_000_000))
            }
            return [.persistLines(cart)]
        case .priced:
            return editable.contains(situation) ? [] : nil
        case .tenderCash:
            return payable.contains(situation) ? [.recordCash(money(200))] : nil
        case .startCard:
            return payable.contains(situation) ? [.collectCard(money(400))] : nil
        case .cardApproved:
            return situation == .openCardInFlight ? [] : nil
        case .cardDeclined, .cardOutcomeUnknown:
            return situation == .openCardInFlight ? [] : nil
        case .park:
            return situation == .openWithItems ? [.park(name: "Table 4")] : nil
        case .resume:
            return situation == .parked ? [.resume] : nil
        case .void:
            return [.openEmpty, .openWithItems, .openPartlyPaidCash, .parked].contains(situation) ? [.void] : nil
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

    @Test func tenderCash_coveringTheDue_completesWithChange() throws {
        // Given
        var checkout = Situation.openWithItems.checkout
        // When
        let effects = try checkout.handle(.tenderCash(Self.money(2_000)))
        // Then
        #expect(effects == [.recordCash(Self.money(2_000)), .complete])
        #expect(checkout.state == .completed)
        #expect(checkout.due == Self.money(0))
    }

    @Test func cardDeclined_thenCash_paysTheSameSale() throws {
        // Given
        var checkout = Situation.openWithItems.checkout
        _ = try checkout.handle(.startCard(Self.money(1_000)))
        // When
        let declined = try checkout.handle(.cardDeclined)
        let cash = try checkout.handle(.tenderCash(Self.money(1_000)))
        // Then
        #expect(declined == [])
        #expect(cash == [.recordCash(Self.money(1_000)), .complete])
        #expect(checkout.state == .completed)
        #expect(!checkout.hasCardTender)
    }

    @Test func split_cashThenCard_completesOnTheCardApproval() throws {
        // Given
        var checkout = Situation.openWithItems.checkout
        // When
        let cash = try checkout.handle(.tenderCash(Self.money(300)))
        let start = try checkout.handle(.startCard(checkout.due))
        let approved = try checkout.handle(.cardApproved(Self.money(700)))
        // Then
        #expect(cash == [.recordCash(Self.money(300))])
        #expect(start == [.collectCard(Self.money(700))])
        #expect(approved == [.complete])
        #expect(checkout.state == .completed)
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
        // Then
        #expect(checkout.cart.items == [Cart.Item(code: Self.item.code, quantity: 5)])
    }

    @Test func park_thenResume_keepsLinesDiscountsAndCustomer() throws {
        // Given
        var checkout = Checkout(currency: Self.eur)
        _ = try checkout.handle(.edit(.add(Self.item)))
        _ = try checkout.handle(.edit(.cartDiscount(.percent(PreciseAmount(micros: 10_000_000)))))
        _ = try checkout.handle(.edit(.customer(7)))
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
