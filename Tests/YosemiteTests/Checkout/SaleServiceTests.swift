import Foundation
import GRDB
import POSFoundation
import Storage
import Testing
@testable import Yosemite
import YosemiteTestSupport

/// The checkout's service against an on-disk database: edits persisted, limits, the shift a sale opens.
@MainActor
struct SaleServiceTests {
    private func store() async throws -> OrderTestStore {
        let store = try await OrderTestStore()
        try await store.seed(
            products: [ProductRecord(id: 10, name: "Coffee", sku: "COF", price: "2.50", regularPrice: "2.50"),
                       ProductRecord(id: 20, name: "Piano", sku: "PIANO", price: "25000.00", regularPrice: "25000.00")],
            rates: [TaxRateRecord(id: 1, country: "DE", rate: "19.0000", name: "MwSt")])
        return store
    }

    private func saleCount(_ store: OrderTestStore) async throws -> Int {
        try await store.database.sales(in: OrderRecord.State.allCases).count
    }

    @Test func editSale_eachEdit_isPersistedPricedAndIsTheCurrentSale() async throws {
        // Given
        let store = try await store()
        // When
        let first = try await store.dispatcher.result { OrderAction.editSale(saleId: nil, edit: .add(Cart.Item(code: "COF")), reply: $0) }.get()
        let second = try await store.dispatcher.result { OrderAction.editSale(saleId: first.id, edit: .setQuantity(line: 0, quantity: 3), reply: $0) }.get()
        let current = try await store.dispatcher.result { OrderAction.currentSale(reply: $0) }.get()
        // Then: 3 × 2.50 + 19 % = 8.93
        #expect(second.id == first.id)
        #expect(second.total == Money(minorUnits: 893, currency: .eur))
        #expect(second.lines.map(\.amount) == [Money(minorUnits: 750, currency: .eur)])
        #expect(current?.id == first.id)
        #expect(current?.cart.items == [Cart.Item(code: "COF", quantity: 3)])
    }

    @Test func editSale_nextScan_resolvesOnlyTheNewLine() async throws {
        // Given a sale with a coffee, and the coffee gone from the catalog since it was scanned
        let store = try await store()
        let first = try await store.dispatcher.result { OrderAction.editSale(saleId: nil, edit: .add(Cart.Item(code: "COF")), reply: $0) }.get()
        try await store.database.performAndSave { db in _ = try ProductRecord.deleteOne(db, key: 10) }
        // When another item is scanned
        let next = await store.dispatcher.result { OrderAction.editSale(saleId: first.id, edit: .add(Cart.Item(code: "PIANO")), reply: $0) }
        // Then the coffee's line was not looked up again (it would be "not found" now)
        #expect(try next.get().lines.map(\.name) == ["Coffee", "Piano"])
    }

    @Test func openSale_quantityOverTheLimit_isRefusedNamingItAndRecordsNothing() async throws {
        // Given
        let store = try await store()
        // When
        let result = await store.dispatcher.result { OrderAction.openSale(cart: Cart(items: [Cart.Item(code: "COF", quantity: 99_999_999_999)]), reply: $0) }
        // Then
        guard case .failure(.limitExceeded(let limit, let detail)) = result else { Issue.record("expected the limit, got \(result)"); return }
        #expect(limit == "quantity")
        #expect(detail.contains("9999"))
        #expect(try await saleCount(store) == 0)
    }

    @Test func openSale_lineAmountOverTheLimit_isRefused() async throws {
        // Given
        let store = try await store()
        // When: 5 pianos at 25,000.00 come to more than 100,000.00
        let result = await store.dispatcher.result { OrderAction.openSale(cart: Cart(items: [Cart.Item(code: "PIANO", quantity: 5)]), reply: $0) }
        // Then
        guard case .failure(.limitExceeded(let limit, _)) = result else { Issue.record("expected the limit, got \(result)"); return }
        #expect(limit == "line amount")
        #expect(try await saleCount(store) == 0)
    }

    @Test func completeSale_withNoShiftOpen_opensOneWhoseZReportHasTheSale() async throws {
        // Given no shift, and the shift store beside the order store
        let store = try await store()
        let shifts = ShiftStore(dispatcher: store.dispatcher, environment: store.environment)
        // When
        let sale = try await store.sell(Cart(items: [Cart.Item(code: "COF", quantity: 2)])).get()
        let shiftId = try #require(sale.openedShiftId)
        let report = await store.dispatcher.result { ShiftAction.report(shiftId: shiftId, reply: $0) }
        // Then
        let z = try report.get()
        #expect(z.salesCount == 1)
        #expect(z.grossSales == sale.order.total.minorUnits)
        withExtendedLifetime(shifts) {}
    }

    @Test func parkThenResume_bringsBackLinesDiscountAndCustomer() async throws {
        // Given
        let store = try await store()
        let cart = Cart(items: [Cart.Item(code: "COF", quantity: 2)], orderDiscount: .percent(PreciseAmount(micros: 10_000_000)),
                        customerId: 5)
        let open = try await store.dispatcher.result { OrderAction.openSale(cart: cart, reply: $0) }.get()
        // When
        let parked = try await store.dispatcher.result { OrderAction.parkSale(saleId: open.id, name: "Table 4", reply: $0) }.get()
        let resumed = try await store.dispatcher.result { OrderAction.resumeSale(reference: "Table 4", reply: $0) }.get()
        // Then
        #expect(parked.state == .parked)
        #expect(resumed.state == .open)
        #expect(resumed.cart == cart)
        #expect(resumed.total == open.total)
    }
}
