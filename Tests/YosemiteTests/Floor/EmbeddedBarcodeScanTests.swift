import Foundation
import Hardware
import Networking
import POSFoundation
import Storage
import Testing
@testable import Yosemite
import YosemiteTestSupport

/// Weight and price labels (GS1 prefixes 20–29) through the scan path: `ProductAction.scan` reads the label with
/// the layouts in the app settings and finds the product by its PLU; the checkout prices the line from the
/// label (weight × price per kilogram, or the printed price); bad check digits are refused with what to do.
@MainActor
@Suite(.serialized)
struct EmbeddedBarcodeScanTests {
    /// Every layout form the settings accept: weight in grams or tens of grams, price, with and without the
    /// price verifier digit, item codes of 4, 5 and 6 digits.
    nonisolated static let layouts = "28-29:IIIIIVVVVV:weight; 21:IIIIICVVVV:price; 22:IIIICVVVVV:price; 23:IIIIIIVVVV:weight10g; "
        + "24:IIIIICVVVV:weight; 25:IIIIIVVVVV:price"

    /// A label: the 12 digits and their EAN-13 check digit; `verifier` puts the price verifier digit of `value`
    /// after the item code.
    nonisolated static func label(prefix: String, item: String, value: String, verifier: Bool = false) -> String {
        let valueDigits = value.map { Int(String($0))! }
        let check = verifier ? String(GS1CheckDigit.priceVerifier(valueDigits)!) : ""
        let body = prefix + item + check + value
        return body + String(GS1CheckDigit.standard(body.map { Int(String($0))! }))
    }

    private struct Fixture {
        let store: OrderTestStore
        let products: ProductStore
    }

    /// A counter with Gouda (PLU 123, 12.99 per kilogram, sold by weight) and Bread (PLU 4711, labelled
    /// price), no taxes, and the layouts saved in the app settings.
    private func fixture(layouts: String = Self.layouts) async throws -> Fixture {
        let store = try await OrderTestStore()
        try await store.seed(products: [
            ProductRecord(id: 10, name: "Gouda", sku: "123", price: "12.99", regularPrice: "12.99", soldByWeight: true),
            ProductRecord(id: 20, name: "Bread", sku: "4711", price: "3.50", regularPrice: "3.50"),
            ProductRecord(id: 30, name: "Coffee", sku: "COF", globalUniqueId: "4006381333931", price: "2.50", regularPrice: "2.50"),
        ])
        var settings = AppSettings()
        #expect(settings.set(.barcodeLayouts, to: layouts) == nil)
        try store.environment.files.write(settings, to: store.environment.file(AppEnvironment.FileName.appSettings))
        return Fixture(store: store, products: ProductStore(dispatcher: store.dispatcher, environment: store.environment))
    }

    private func scan(_ code: String, _ fixture: Fixture) async -> Result<ScannedItem, CatalogError> {
        await fixture.store.dispatcher.result { ProductAction.scan(code: code, reply: $0) }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var code: String
        var product: String
        var measure: Cart.Measure
        /// The line's amount in cents.
        var amount: Int64
        var testDescription: String { code }
    }

    nonisolated static let cases: [Case] = [
        // 1.234 kg × 12.99 = 16.02966 → 16.03
        Case(code: label(prefix: "28", item: "00123", value: "01234"), product: "Gouda", measure: .weight(grams: 1234), amount: 1603),
        Case(code: label(prefix: "29", item: "00123", value: "00500"), product: "Gouda", measure: .weight(grams: 500), amount: 650),
        Case(code: label(prefix: "21", item: "04711", value: "0499", verifier: true), product: "Bread", measure: .price(minorUnits: 499), amount: 499),
        Case(code: label(prefix: "22", item: "4711", value: "01299", verifier: true), product: "Bread", measure: .price(minorUnits: 1299), amount: 1299),
        // 150 tens of grams = 1.500 kg × 12.99 = 19.485 → 19.49
        Case(code: label(prefix: "23", item: "000123", value: "0150"), product: "Gouda", measure: .weight(grams: 1500), amount: 1949),
        Case(code: label(prefix: "24", item: "00123", value: "0333", verifier: true), product: "Gouda", measure: .weight(grams: 333), amount: 433),
        // The PLU with its prefix as the SKU would be found too; here the printed item code is found as is.
        Case(code: label(prefix: "25", item: "04711", value: "00001"), product: "Bread", measure: .price(minorUnits: 1), amount: 1),
    ]

    @Test(arguments: cases)
    func scan_everyLayout_findsTheProductByPLUAndPricesTheLineFromTheLabel(_ row: Case) async throws {
        // Given
        let fixture = try await fixture()
        // When the label is scanned and its line added
        let scanned = try await scan(row.code, fixture).get()
        let sale = try await fixture.store.dispatcher.result {
            OrderAction.editSale(saleId: nil, edit: .add(scanned.cartItem()), reply: $0)
        }.get()
        // Then
        #expect(scanned.item.name == row.product)
        #expect(scanned.measure == row.measure)
        #expect(scanned.label == row.code)
        #expect(!scanned.needsWeight)
        #expect(sale.lines.map(\.amount) == [Money(minorUnits: row.amount, currency: .eur)])
        #expect(sale.lines.first?.quantity == 1)
        if case .weight(let grams) = row.measure {
            #expect(sale.lines.first?.weightGrams == grams)
            #expect(sale.lines.first?.unitPrice == Money(minorUnits: 1299, currency: .eur))
            let german = MoneyFormat(symbol: "€", position: .rightSpace, separators: .commaDecimalDotGrouping)
            #expect(sale.lines.first?.weighedText(german)?.hasSuffix(" kg x 12,99 €/kg") == true)
            #expect(sale.lines.first?.weighedText(.standard(for: .eur))?.hasSuffix(" kg x €12.99/kg") == true)
        } else {
            #expect(sale.lines.first?.weightGrams == nil)
        }
    }

    struct BadCase: Sendable, CustomTestStringConvertible {
        var code: String
        var reason: String
        var testDescription: String { reason }
    }

    nonisolated static var badCases: [BadCase] {
        let good = label(prefix: "28", item: "00123", value: "01234")
        let wrongCheck = String(good.dropLast()) + String((Int(String(good.last!))! + 1) % 10)
        let priced = label(prefix: "21", item: "04711", value: "0499", verifier: true)
        // The verifier digit (after the 5 item digits) changed, and the EAN check digit made right again.
        var digits = Array(priced.dropLast())
        digits[7] = Character(String((Int(String(digits[7]))! + 1) % 10))
        let body = String(digits)
        let wrongVerifier = body + String(GS1CheckDigit.standard(body.map { Int(String($0))! }))
        return [
            BadCase(code: wrongCheck, reason: "EAN-13 check digit"),
            BadCase(code: wrongVerifier, reason: "price check digit"),
            BadCase(code: label(prefix: "28", item: "00123", value: "00000"), reason: "zero weight"),
        ]
    }

    @Test(arguments: badCases)
    func scan_badLabel_isRefusedWithWhatToDoAndNothingIsAdded(_ row: BadCase) async throws {
        let fixture = try await fixture()
        let result = await scan(row.code, fixture)
        guard case .failure(.unreadableLabel(let code, let reason)) = result else {
            Issue.record("expected an unreadable label, got \(result)")
            return
        }
        #expect(code == row.code)
        #expect(!reason.isEmpty)
        #expect(CatalogError.unreadableLabel(code: code, reason: reason).recoverySuggestion.contains("Scan the label again"))
        #expect(try await fixture.store.database.sales(in: OrderRecord.State.allCases).isEmpty)
    }

    @Test func scan_unknownPLU_isNotFoundNamingThePLU() async throws {
        let fixture = try await fixture()
        let result = await scan(Self.label(prefix: "28", item: "00999", value: "01000"), fixture)
        guard case .failure(.notFound(let code)) = result else { Issue.record("got \(result)"); return }
        #expect(code.contains("PLU 00999"))
    }

    @Test func scan_prefixWithoutLayout_orNoLayouts_isAnOrdinaryCode() async throws {
        // Given no layouts at all
        let fixture = try await fixture(layouts: "")
        // When a weight label and an ordinary EAN are scanned
        let label = await scan(Self.label(prefix: "28", item: "00123", value: "01234"), fixture)
        let ordinary = try await scan("4006381333931", fixture).get()
        // Then the label is an unknown code, and the EAN its product with no measure
        guard case .failure(.notFound) = label else { Issue.record("got \(label)"); return }
        #expect(ordinary.item.name == "Coffee")
        #expect(ordinary.measure == nil)
    }

    @Test func scan_productSoldByWeight_withoutALabel_needsTheScale_andTheCheckoutRefusesItUnweighed() async throws {
        let fixture = try await fixture()
        // When Gouda's own SKU is scanned
        let scanned = try await scan("123", fixture).get()
        // Then the scale must weigh it first
        #expect(scanned.needsWeight)
        let unweighed = await fixture.store.dispatcher.result {
            OrderAction.editSale(saleId: nil, edit: .add(scanned.cartItem()), reply: $0)
        }
        guard case .failure(.notSellable(_, let reason)) = unweighed else { Issue.record("got \(unweighed)"); return }
        #expect(reason.contains("sold by weight"))
        // And weighed, it is priced: 0.750 kg × 12.99 = 9.7425 → 9.74
        let weighed = try await fixture.store.dispatcher.result {
            OrderAction.editSale(saleId: nil, edit: .add(scanned.cartItem(weighing: Weighing(grams: 750))), reply: $0)
        }.get()
        #expect(weighed.lines.map(\.amount) == [Money(minorUnits: 974, currency: .eur)])
    }

    @Test func weighedLines_areNeverMerged_andTheirQuantityStaysOne() throws {
        var checkout = Checkout(currency: .eur)
        let item = Cart.Item(code: "123", measure: .weight(grams: 500))
        // An edit is applied once priced (the runner sends the price back).
        func edit(_ edit: Checkout.CartEdit) throws {
            _ = try checkout.handle(.edit(edit))
            _ = try checkout.handle(.priced(Checkout.Pricing(total: Money(minorUnits: 100, currency: .eur))))
        }
        try edit(.add(item))
        try edit(.add(item))
        #expect(checkout.cart.items.count == 2)
        #expect(throws: CheckoutRefusal.self) { try checkout.handle(.edit(.setQuantity(line: 0, quantity: 2))) }
        #expect(throws: CheckoutRefusal.self) {
            try checkout.handle(.edit(.add(Cart.Item(code: "123", quantity: 2, measure: .weight(grams: 500)))))
        }
        try edit(.setQuantity(line: 0, quantity: 0))
        #expect(checkout.cart.items.count == 1)
    }
}
