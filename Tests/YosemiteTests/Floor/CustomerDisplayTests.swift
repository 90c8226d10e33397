import Foundation
import Hardware
import Localization
import POSFoundation
import Storage
import Testing
@testable import Yosemite
import YosemiteTestSupport

/// The customer display's state: derived from the persisted sale and its tenders, published by the hub from
/// GRDB's observation (no front reports to it), and mapped to the pole display's moments.
@MainActor
@Suite(.serialized)
struct CustomerDisplayTests {
    /// The pole display's words in the store's language; these tests' store speaks German.
    private let german = Strings.of(.german)

    private func store() async throws -> OrderTestStore {
        let store = try await OrderTestStore()
        try await store.seed(products: [
            ProductRecord(id: 10, name: "Coffee", sku: "COF", price: "2.50", regularPrice: "2.50"),
            ProductRecord(id: 20, name: "Gouda", sku: "123", price: "12.99", regularPrice: "12.99", soldByWeight: true),
        ])
        return store
    }

    /// The next state that satisfies `accept` (states in between, e.g. a tender written before the sale
    /// completes, are passed over); `nil` if the stream ended.
    private func next(_ states: inout AsyncStream<CustomerDisplayState>.Iterator,
                      where accept: (CustomerDisplayState) -> Bool) async -> CustomerDisplayState? {
        while let state = await states.next(isolation: #isolation) {
            if accept(state) { return state }
        }
        return nil
    }

    @Test func hub_followsTheSale_cartThenChangeAfterCash_withoutAnyReportFromTheFront() async throws {
        // Given a hub on the session's database, nothing sold yet and no shift open: closed
        let store = try await store()
        let hub = CustomerDisplayHub(environment: store.environment)
        defer { hub.stop() }
        var states = hub.states().makeAsyncIterator()
        let closed = await next(&states) { _ in true }
        #expect(closed == .closed(currency: .eur))

        // When the cashier rings up two coffees and 0.500 kg of Gouda
        let sale = try await store.dispatcher.result {
            OrderAction.editSale(saleId: nil, edit: .add(Cart.Item(code: "COF", quantity: 2)), reply: $0)
        }.get()
        let cart = await next(&states) { $0.phase == .sale }
        _ = try await store.dispatcher.result {
            OrderAction.editSale(saleId: sale.id, edit: .add(Cart.Item(code: "123", measure: .weight(grams: 500))), reply: $0)
        }.get()
        let two = await next(&states) { $0.lines.count == 2 }

        // Then the display shows the lines with weight × price per kilogram, and the total
        #expect(cart?.lines.map(\.name) == ["Coffee"])
        #expect(cart?.lines.first?.quantity == 2 && cart?.lines.first?.unitPrice == Money(minorUnits: 250, currency: .eur))
        #expect(two?.lines.last?.weighed?.detail == "0.500 kg x 12.99 EUR/kg")
        #expect(two?.total == Money(minorUnits: 500 + 650, currency: .eur))

        // When paid with 20.00 in cash
        _ = try await store.dispatcher.result {
            OrderAction.payCash(saleId: sale.id, tendered: Money(minorUnits: 2000, currency: .eur), reply: $0)
        }.get()
        // Then: paid, given 20.00, change 8.50
        let paid = await next(&states) { $0.phase == .paid }
        #expect(paid?.given == Money(minorUnits: 2000, currency: .eur))
        #expect(paid?.change == Money(minorUnits: 850, currency: .eur))
        #expect(paid?.poleDisplay(strings: german) == .change(given: Money(minorUnits: 2000, currency: .eur),
                                               change: Money(minorUnits: 850, currency: .eur)))
    }

    @Test func hub_closedWithoutAShift_welcomeOnceOpen_cardStepWhilePaying_thenReceiptNumber() async throws {
        let eur = { (cents: Int64) in Money(minorUnits: cents, currency: .eur) }
        // Given a hub on the session's database and its event stream, no shift open
        let store = try await store()
        let session = SessionEventHub(environment: store.environment, isDemo: true)
        defer { session.stop() }
        let hub = CustomerDisplayHub(environment: store.environment, session: session)
        defer { hub.stop() }
        var states = hub.states().makeAsyncIterator()
        #expect(await next(&states) { _ in true }?.phase == .closed)

        // When a shift opens: the welcome
        _ = try await store.environment.database.openShift(cashier: "Ann", float: eur(0), at: Date())
        #expect(await next(&states) { _ in true }?.phase == .idle)

        // When a coffee is rung up and the card terminal asks for the PIN, then declines
        let sale = try await store.dispatcher.result {
            OrderAction.editSale(saleId: nil, edit: .add(Cart.Item(code: "COF")), reply: $0)
        }.get()
        #expect(await next(&states) { $0.phase == .sale }?.cardStep == nil)
        session.cardStep(SessionEvent.CardStep(saleId: sale.id, step: CustomerDisplayState.CardStep(.pinEntry)))
        #expect(await next(&states) { $0.cardStep != nil }?.cardStep == .enterPIN)
        session.cardStep(SessionEvent.CardStep(saleId: sale.id, step: .declined))
        let declined = await next(&states) { $0.cardStep != .enterPIN }
        #expect(declined?.cardStep == .declined)
        #expect(declined?.lines.count == 1)

        // And a step reported for another sale shows nothing
        session.cardStep(SessionEvent.CardStep(saleId: sale.id + 1, step: .insertCard))

        // When paid in cash: the step is gone, the thank-you carries the receipt number, the TSE signed (no notice)
        _ = try await store.dispatcher.result {
            OrderAction.payCash(saleId: sale.id, tendered: eur(500), reply: $0)
        }.get()
        let paid = await next(&states) { $0.phase == .paid }
        #expect(paid?.cardStep == nil)
        #expect(paid?.receiptNumber?.isEmpty == false)
        #expect(paid?.tseOutage == false)
        #expect(paid?.customerName == nil)
    }

    @Test func hub_startedAfterAPaidSale_showsTheWelcome_notThatSalesChange() async throws {
        // Given a sale paid before the display (the counter) started
        let store = try await store()
        _ = try await store.sell(Cart(items: [Cart.Item(code: "COF")]), tender: .cash(tendered: Money(minorUnits: 500, currency: .eur))).get()
        // When the hub starts
        let hub = CustomerDisplayHub(environment: store.environment)
        defer { hub.stop() }
        var states = hub.states().makeAsyncIterator()
        // Then it shows the welcome
        #expect(await next(&states) { _ in true } == .idle(currency: .eur))
    }

    @Test func poleDisplay_eachMomentOfASale() {
        let eur = { (cents: Int64) in Money(minorUnits: cents, currency: .eur) }
        let coffee = CustomerDisplayState.Line(name: "Coffee", quantity: 2, amount: eur(500), unitPrice: eur(250))
        let gouda = CustomerDisplayState.Line(name: "Gouda", quantity: 1, amount: eur(650), weightGrams: 500, unitPrice: eur(1299))
        #expect(CustomerDisplayState.idle(currency: .eur).poleDisplay(strings: german, second: "Shop")
            == .idle(welcome: "Willkommen", second: "Shop"))
        #expect(CustomerDisplayState(phase: .sale, lines: [coffee], total: eur(500), paid: eur(0)).poleDisplay(strings: german)
            == .item(name: "Coffee", price: eur(500), total: eur(500)))
        #expect(CustomerDisplayState(phase: .sale, lines: [coffee, gouda], total: eur(1150), paid: eur(0)).poleDisplay(strings: german)
            == .weighedItem(name: "Gouda", line: WeighedLine(grams: 500, unitPrice: eur(1299))))
        #expect(CustomerDisplayState(phase: .sale, lines: [coffee], total: eur(500), paid: eur(200)).poleDisplay(strings: german)
            == .totalDue(eur(300)))
        #expect(CustomerDisplayState(phase: .paid, lines: [coffee], total: eur(500), paid: eur(500)).poleDisplay(strings: german)
            == .thankYou(first: "Vielen Dank", second: "Auf Wiedersehen"))
        // And an English store's display says the same in English
        #expect(CustomerDisplayState(phase: .paid, lines: [coffee], total: eur(500), paid: eur(500)).poleDisplay(strings: .of(.english))
            == .thankYou(first: "Thank you", second: "Goodbye"))
        #expect(CustomerDisplayState.idle(currency: .eur).poleDisplay(strings: .of(.english)) == .idle(welcome: "Welcome", second: ""))
    }

    @Test func state_holdsNoCardData_andRoundTripsAsJSON() throws {
        // A card tender's brand and digits are on the sale summary; the display state has no field for them.
        let eur = Money(minorUnits: 500, currency: .eur)
        let state = CustomerDisplayState(phase: .paid, lines: [.init(name: "Coffee", quantity: 1, amount: eur)],
                                         total: eur, paid: eur)
        let json = String(decoding: try JSONEncoder().encode(state), as: UTF8.self)
        #expect(!json.lowercased().contains("card"))
        #expect(!json.contains("last4"))
        #expect(try JSONDecoder().decode(CustomerDisplayState.self, from: Data(json.utf8)) == state)
    }
}
