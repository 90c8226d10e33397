import POSFoundation
import Testing
@testable import Yosemite

/// Training mode in the reducer: the register's mode enters the checkout with its policy, the sale takes
/// it when it is recorded and keeps it; a training sale's effects are the training ones (no outbox entry, a training
/// TSE transaction), cash only, never refunded; a real sale is not refunded while the register is in training.
struct CheckoutTrainingTests {
    static let eur = Currency(code: "EUR")
    static func money(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: eur) }
    static let item = Cart.Item(code: "4006381333931", quantity: 2)
    static let training = Checkout.Policy.unattended.training(true)
    static let attendedTraining = Checkout.Policy(cashiersSetUp: true, signedIn: true, discountApprovalPercent: 10,
                                                   training: true)

    /// A stored, open sale of 10.00 with its own training mark, in a register whose mode is `policy`'s.
    static func open(training: Bool, policy: Checkout.Policy = .unattended, paid: Int64 = 0) -> Checkout {
        Checkout(state: .open, cart: Cart(items: [item]), total: money(1_000), paid: money(paid), hasCashTender: paid > 0,
                 hasCardTender: false, cardInFlight: false, training: training, policy: policy)
    }

    static func sold(training: Bool, policy: Checkout.Policy = .unattended) -> Checkout {
        Checkout(order: money(1_000), paid: money(1_000), hasCashTender: true,
                 refunds: Checkout.Refunds(orderNumber: 7, cardPaid: money(0), refunded: money(0), cardRefunded: money(0),
                                           inFlight: false),
                 training: training, policy: policy)
    }

    @Test("a sale recorded while the register is in training is a training sale: training start, training completion")
    func newSaleInTraining() throws {
        var checkout = Checkout(currency: Self.eur, policy: Self.training)
        #expect(try checkout.handle(.edit(.add(Self.item))) == [.price(Cart(items: [Self.item]))])
        #expect(!checkout.training, "nothing is recorded before the price: the sale has no mode yet")
        let recorded = try checkout.handle(.priced(Checkout.Pricing(total: Self.money(1_000))))
        #expect(recorded == [.persistLines(Cart(items: [Self.item])), .sign(.startTraining), .announce(.edited)])
        #expect(checkout.training)
        let paid = try checkout.handle(.tenderCash(Self.money(2_000)))
        #expect(paid == [.recordCash(Self.money(2_000)), .completeTraining, .sign(.finish), .issueReceipt(kickDrawer: true),
                         .announce(.completed)])
        #expect(!paid.contains(.complete), "a training sale never writes the outbox entry of a real order")
    }

    @Test("the command line's whole cash sale in training completes as a training sale, in one run")
    func sellInTraining() throws {
        var checkout = Checkout(currency: Self.eur, policy: Self.training)
        let cart = Cart(items: [Self.item])
        _ = try checkout.handle(.sell(cart, cash: nil))
        let effects = try checkout.handle(.priced(Checkout.Pricing(total: Self.money(1_000))))
        #expect(effects == [.persistLines(cart), .sign(.startTraining), .recordCash(Self.money(1_000)), .completeTraining,
                            .sign(.finish), .issueReceipt(kickDrawer: true), .announce(.completed)])
    }

    @Test("out of training nothing changes: a real start and a real completion")
    func realSale() throws {
        var checkout = Checkout(currency: Self.eur)
        _ = try checkout.handle(.edit(.add(Self.item)))
        #expect(try checkout.handle(.priced(Checkout.Pricing(total: Self.money(1_000))))
            == [.persistLines(Cart(items: [Self.item])), .sign(.start), .announce(.edited)])
        #expect(!checkout.training)
        #expect(try checkout.handle(.tenderCash(Self.money(1_000))).first(where: { $0 == .complete || $0 == .completeTraining })
            == .complete)
    }

    @Test("a sale keeps the mode it was recorded in, whatever the register's mode when it is paid")
    func modeIsTheSales() throws {
        // A real sale paid after the register went into training: a real order with its outbox entry.
        var real = Self.open(training: false, policy: Self.training)
        #expect(try real.handle(.tenderCash(Self.money(1_000))).contains(.complete))
        #expect(!real.training)
        // A training sale paid after training was switched off: still a training sale.
        var practice = Self.open(training: true, policy: .unattended)
        let effects = try practice.handle(.tenderCash(Self.money(1_000)))
        #expect(effects.contains(.completeTraining) && !effects.contains(.complete))
        // An edit of a recorded sale does not take the register's mode either.
        var edited = Self.open(training: false, policy: Self.training)
        _ = try edited.handle(.edit(.setQuantity(line: 0, quantity: 3)))
        #expect(try edited.handle(.priced(Checkout.Pricing(total: Self.money(1_500)))) == [
            .persistLines(Cart(items: [Cart.Item(code: Self.item.code, quantity: 3)])), .announce(.edited),
        ])
        #expect(!edited.training)
    }

    @Test("a training sale takes cash only: a card is refused, and nothing changes")
    func cardRefused() throws {
        var checkout = Self.open(training: true, policy: Self.training)
        let before = checkout
        #expect(throws: CheckoutRefusal.self) { try checkout.handle(.startCard(Self.money(1_000))) }
        #expect(checkout == before)
        do {
            _ = try checkout.handle(.startCard(Self.money(1_000)))
        } catch {
            #expect(error.reason.contains("cash only"))
        }
        // A split's cash part and then cash for the rest are fine.
        #expect(try checkout.handle(.tenderCash(Self.money(400), part: true)) == [.recordCash(Self.money(400)), .announce(.tendered)])
        #expect(try checkout.handle(.tenderCash(Self.money(600))).contains(.completeTraining))
        // A real sale in a training register still takes a card (the sale is real).
        var real = Self.open(training: false, policy: Self.training)
        #expect(try real.handle(.startCard(Self.money(1_000))) == [.collectCard(Self.money(1_000))])
    }

    @Test("a covered training sale recovered after a crash completes as a training sale")
    func recoverTraining() throws {
        var checkout = Self.open(training: true, paid: 1_000)
        #expect(try checkout.handle(.recover) == [.completeTraining, .sign(.finish), .issueReceipt(kickDrawer: true),
                                                  .announce(.completed)])
    }

    @Test("a training cart is voided and parked like any other (its cancel is the TSE's abandoned receipt)")
    func voidAndParkTraining() throws {
        var parked = Self.open(training: true, policy: Self.training)
        #expect(try parked.handle(.park(name: nil)) == [.park(name: nil), .announce(.parked)])
        #expect(try parked.handle(.resume) == [.resume, .announce(.resumed)])
        #expect(try parked.handle(.void) == [.void, .sign(.cancel), .announce(.voided)])
        #expect(parked.training)
    }

    @Test("a training sale is never refunded; a real sale is not refunded while the register is in training")
    func refunds() throws {
        for policy in [Checkout.Policy.unattended, Self.training, Self.attendedTraining] {
            var practice = Self.sold(training: true, policy: policy)
            let before = practice
            #expect(throws: CheckoutRefusal.self) { try practice.handle(.refund(nil)) }
            #expect(throws: CheckoutRefusal.self) { try practice.refundPlan(Self.money(100)) }
            #expect(practice == before)
        }
        var real = Self.sold(training: false, policy: Self.training)
        do {
            _ = try real.handle(.refund(nil))
            Issue.record("a real sale was refunded in training")
        } catch {
            #expect(error.reason.contains("pos register training off"))
        }
        var afterTraining = Self.sold(training: false)
        #expect(try afterTraining.handle(.refund(nil)).first == .refundCash(Self.money(1_000)))
    }
}
