import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Hardware
import Networking
import POSFoundation
import Storage
import Testing
import WooTestServer
@testable import Yosemite
import YosemiteTestSupport

/// A weighed line as it leaves the counter: the order line keeps the weight (for the receipt), the outbox body
/// sends it as quantity 1 with its own subtotal and total and the weight as line meta, and WooCommerce (the
/// test server, which computes as WooCommerce does) arrives at the same totals.
@MainActor
@Suite(.serialized)
struct WeighedSaleTests {
    @Test func weighedSale_orderLineKeepsTheWeight_andTheBodySendsQuantityOneWithTheWeightAsMeta() async throws {
        // Given Gouda at 12.99 per kilogram
        let store = try await OrderTestStore()
        try await store.seed(products: [
            ProductRecord(id: 10, name: "Gouda", sku: "123", price: "12.99", regularPrice: "12.99", soldByWeight: true),
        ])
        // When 1.234 kg is sold for cash
        let sale = try await store.sell(Cart(items: [Cart.Item(code: "123", measure: .weight(grams: 1234))])).get()
        // Then the order line: 16.03, per-kilogram unit price and the weight kept
        let line = try #require(sale.order.detail.lines.first)
        #expect(line.quantity == 1)
        #expect(line.total == 1603)
        #expect(line.unitPrice == 1299)
        #expect(line.weightGrams == 1234)
        // And the body: quantity 1, the line's own amounts, the weight as line meta
        let create = try #require(sale.order.detail.outbox.first { $0.kind == .createOrder })
        let body = try JSONDecoder().decode(JSONValue.self, from: Data(create.payload.utf8))
        let item = try #require(body["line_items"]?.arrayValue?.first)
        #expect(item["quantity"]?.int64Value == 1)
        #expect(item["subtotal"] == .string("16.030000"))
        #expect(item["total"] == .string("16.030000"))
        let meta = Dictionary(uniqueKeysWithValues: (item["meta_data"]?.arrayValue ?? []).compactMap { entry in
            entry["key"]?.stringValue.map { ($0, entry["value"]?.stringValue ?? "") }
        })
        #expect(meta["_pos_weight_grams"] == "1234")
        #expect(meta["_pos_price_per_kg"] == "1299")
        #expect(meta["Weight"] == "1.234 kg x 12.99 EUR/kg")
    }

    @Test func weighedSale_receipt_printsWeightTimesPricePerKilogramUnderTheLine() async throws {
        // Given a weighed sale
        let store = try await OrderTestStore()
        try await store.seed(products: [
            ProductRecord(id: 10, name: "Gouda", sku: "123", price: "12.99", regularPrice: "12.99", soldByWeight: true),
        ])
        let sale = try await store.sell(Cart(items: [Cart.Item(code: "123", measure: .weight(grams: 1234))])).get()
        let receipts = ReceiptStore(dispatcher: store.dispatcher, environment: store.environment)
        // When its receipt is rendered
        let preview = try await store.dispatcher.result {
            ReceiptAction.preview(order: String(sale.order.localNumber), width: 42, reply: $0)
        }.get()
        let text = preview.rendered.text(width: 42)
        // Then the line, and the weight with the price per kilogram under it
        let lines = text.split(separator: "\n").map(String.init)
        let index = try #require(lines.firstIndex { $0.hasPrefix("Gouda") }, "\(text)")
        #expect(lines[index].hasSuffix("16.03"), "\(text)")
        // (in the store's format, as every amount on the receipt: this store writes "€16.03")
        #expect(lines[index + 1].trimmingCharacters(in: .whitespaces) == "1.234 kg x €12.99/kg", "\(text)")
        withExtendedLifetime(receipts) {}
    }

    @Test func weighedAndLabelledSale_postedToWooCommerce_hasTheSameTotals() async throws {
        // Given the same store on the server and the counter, prices with 7 % tax included
        let server = WooTestServer()
        let base = try server.start()
        defer { server.stop() }
        server.addUser(username: "admin", applicationPassword: "pass word", role: .administrator)
        server.updateSettings {
            $0.currency = "EUR"
            $0.numberOfDecimals = 2
            $0.pricesIncludeTax = true
            $0.defaultCountry = "DE"
        }
        let local = try await OrderTestStore(settings: OrderTestStore.settings(pricesIncludeTax: true))
        let rate = server.addTaxRate(rate: "7.0000", name: "MwSt 7%", taxClass: "reduced-rate")
        let gouda = server.addProduct(name: "Gouda", regularPrice: "12.99", sku: "123", taxClass: "reduced-rate")
        let bread = server.addProduct(name: "Bread", regularPrice: "3.50", sku: "4711", taxClass: "reduced-rate")
        try await local.seed(
            products: [
                ProductRecord(id: gouda.id, name: "Gouda", sku: "123", price: "12.99", regularPrice: "12.99",
                              taxClass: "reduced-rate", soldByWeight: true),
                ProductRecord(id: bread.id, name: "Bread", sku: "4711", price: "3.50", regularPrice: "3.50",
                              taxClass: "reduced-rate"),
            ],
            rates: [TaxRateRecord(id: rate.id, rate: "7.0000", name: "MwSt 7%", position: Int(rate.order),
                                  taxClass: "reduced-rate")])
        // When 0.777 kg of Gouda (10.09) and a labelled bread (4.99) are sold and the body posted
        let sale = try await local.sell(Cart(items: [
            Cart.Item(code: "123", measure: .weight(grams: 777)),
            Cart.Item(code: "4711", measure: .price(minorUnits: 499)),
            Cart.Item(code: "4711"),
        ])).get()
        let create = try #require(sale.order.detail.outbox.first { $0.kind == .createOrder })
        let reply = try await TotalsVersusServerTests.post(create.payload, to: base)
        // Then WooCommerce's totals are the counter's
        let order = sale.order
        func money(_ minor: Int64) -> String { order.money(minor).decimalString }
        #expect(order.total == Money(minorUnits: 1009 + 499 + 350, currency: .eur))
        #expect(reply["total"]?.stringValue == money(order.record.total))
        #expect(reply["total_tax"]?.stringValue == money(order.record.totalTax))
        let lines = reply["line_items"]?.arrayValue ?? []
        #expect(lines.map { $0["quantity"]?.int64Value } == [1, 1, 1])
        for (line, serverLine) in zip(order.detail.lines, lines) {
            #expect(serverLine["total"]?.stringValue == money(line.total))
            #expect(serverLine["total_tax"]?.stringValue == money(line.totalTax))
        }
    }
}
