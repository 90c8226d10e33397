import Foundation
import Testing
@testable import WooTestServer

/// Order totals against hand-computed WooCommerce results.
struct OrderTotalsTests {
    /// A tax-exclusive store with 19 % standard and 7 % reduced rates and two products.
    private func exclusiveStore(roundAtSubtotal: Bool = false) throws -> (ServerHarness, Int64, Int64, Int64) {
        let harness = try ServerHarness(seed: false)
        harness.server.updateSettings {
            $0.pricesIncludeTax = false
            $0.taxRoundAtSubtotal = roundAtSubtotal
        }
        harness.server.addTaxRate(rate: "19.0000", name: "VAT", taxClass: "standard")
        harness.server.addTaxRate(rate: "7.0000", name: "VAT reduced", taxClass: "reduced-rate")
        let ten = harness.server.addProduct(name: "Ten", regularPrice: "10.00", sku: "TEN")
        let four = harness.server.addProduct(name: "Four", regularPrice: "4.00", sku: "FOUR")
        let cheap = harness.server.addProduct(name: "Cheap", regularPrice: "0.25", sku: "CHEAP", taxClass: "reduced-rate")
        return (harness, ten.id, four.id, cheap.id)
    }

    @Test func create_inTaxExclusiveStore_addsTaxPerLine() async throws {
        // Given
        let (harness, ten, _, cheap) = try exclusiveStore()
        let body = #"{"line_items":[{"product_id":\#(ten),"quantity":3},{"product_id":\#(cheap),"quantity":10}]}"#
        // When
        let reply = try await harness.post("/wc/v3/orders", body)
        // Then
        let order = try #require(reply.json)
        #expect(reply.status == 201)
        #expect(order["line_items"]?.arrayValue?[0]["subtotal"]?.stringValue == "30.00")
        #expect(order["line_items"]?.arrayValue?[0]["total_tax"]?.stringValue == "5.70")
        #expect(order["line_items"]?.arrayValue?[1]["total_tax"]?.stringValue == "0.18")
        #expect(order["cart_tax"]?.stringValue == "5.88")
        #expect(order["total"]?.stringValue == "38.38")
        #expect(order["tax_lines"]?.arrayValue?.count == 2)
        #expect(order["prices_include_tax"] == .bool(false))
    }

    @Test func create_withRoundingAtSubtotal_roundsTaxOnce() async throws {
        // Given: three lines of 0.25 at 7 % = 0.0175 tax each
        let (perLine, _, _, cheapA) = try exclusiveStore()
        let (atSubtotal, _, _, cheapB) = try exclusiveStore(roundAtSubtotal: true)
        func body(_ id: Int64) -> String {
            let line = #"{"product_id":\#(id),"quantity":1}"#
            return #"{"line_items":[\#(line),\#(line),\#(line)]}"#
        }
        // When
        let a = try await perLine.post("/wc/v3/orders", body(cheapA))
        let b = try await atSubtotal.post("/wc/v3/orders", body(cheapB))
        // Then
        #expect(a.json?["total_tax"]?.stringValue == "0.06")
        #expect(a.json?["total"]?.stringValue == "0.81")
        #expect(b.json?["total_tax"]?.stringValue == "0.05")
        #expect(b.json?["total"]?.stringValue == "0.80")
    }

    @Test func create_inTaxInclusiveStore_extractsTaxFromPrice() async throws {
        // Given: the demo store enters prices with 19 % VAT included
        let harness = try ServerHarness()
        let espresso = harness.server.product(sku: "COF-ESP")!
        // When
        let reply = try await harness.post("/wc/v3/orders", #"{"line_items":[{"product_id":\#(espresso.id),"quantity":3}]}"#)
        // Then
        let line = reply.json?["line_items"]?.arrayValue?.first
        #expect(line?["subtotal"]?.stringValue == "5.55")
        #expect(line?["total_tax"]?.stringValue == "1.05")
        #expect(line?["taxes"]?.arrayValue?.first?["total"]?.stringValue == "1.053781")
        #expect(reply.json?["total"]?.stringValue == "6.60")
        #expect(reply.json?["prices_include_tax"] == .bool(true))
    }

    @Test func create_withPercentCoupon_discountsBeforeTax() async throws {
        // Given
        let (harness, ten, _, _) = try exclusiveStore()
        harness.server.addCoupon(code: "TENPC", amount: "10", discountType: "percent")
        // When
        let reply = try await harness.post("/wc/v3/orders",
                                           #"{"line_items":[{"product_id":\#(ten),"quantity":3}],"coupon_lines":[{"code":"tenpc"}]}"#)
        // Then
        #expect(reply.json?["discount_total"]?.stringValue == "3.00")
        #expect(reply.json?["discount_tax"]?.stringValue == "0.57")
        #expect(reply.json?["total"]?.stringValue == "32.13")
        #expect(reply.json?["coupon_lines"]?.arrayValue?.first?["discount"]?.stringValue == "3.00")
    }

    @Test func create_withFixedCartCoupon_splitsPerUnit() async throws {
        // Given
        let (harness, ten, four, _) = try exclusiveStore()
        harness.server.addCoupon(code: "five", amount: "5.00", discountType: "fixed_cart")
        let body = #"{"line_items":[{"product_id":\#(ten),"quantity":1},{"product_id":\#(four),"quantity":1}],"coupon_lines":[{"code":"five"}]}"#
        // When
        let reply = try await harness.post("/wc/v3/orders", body)
        // Then
        let totals = reply.json?["line_items"]?.arrayValue?.compactMap { $0["total"]?.stringValue }
        #expect(totals == ["7.50", "1.50"])
        #expect(reply.json?["total"]?.stringValue == "10.72")
    }

    @Test func create_withUnknownCoupon_fails400() async throws {
        // Given
        let (harness, ten, _, _) = try exclusiveStore()
        // When
        let reply = try await harness.post("/wc/v3/orders",
                                           #"{"line_items":[{"product_id":\#(ten)}],"coupon_lines":[{"code":"nope"}]}"#)
        // Then
        #expect(reply.status == 400)
        #expect(reply.json?["code"]?.stringValue == "woocommerce_rest_invalid_coupon")
        #expect(harness.server.orders().isEmpty)
    }

    @Test func create_withUnknownProduct_addsAnEmptyZeroLine() async throws {
        // Given
        let (harness, ten, _, _) = try exclusiveStore()
        // When
        let reply = try await harness.post("/wc/v3/orders",
                                           #"{"line_items":[{"product_id":\#(ten)},{"product_id":424242,"quantity":2}]}"#)
        // Then
        let lines = reply.json?["line_items"]?.arrayValue ?? []
        #expect(reply.status == 201)
        #expect(lines.count == 2)
        #expect(lines[1]["total"]?.stringValue == "0.00")
        #expect(lines[1]["name"]?.stringValue == "")
        #expect(reply.json?["total"]?.stringValue == "11.90")
    }

    @Test func create_withTaxableFee_taxesTheFee() async throws {
        // Given
        let (harness, _, _, _) = try exclusiveStore()
        // When
        let reply = try await harness.post("/wc/v3/orders", #"{"fee_lines":[{"name":"Custom amount","total":"12.34"}]}"#)
        // Then
        #expect(reply.json?["fee_lines"]?.arrayValue?.first?["total_tax"]?.stringValue == "2.34")
        #expect(reply.json?["total"]?.stringValue == "14.68")
    }

    @Test(arguments: [false, true])
    func create_withCompoundRate_appliesItAfterTheRegularRate(pricesIncludeTax: Bool) async throws {
        // Given: 10 % at priority 1, an ignored second rate at priority 1, 5 % compound at priority 2
        let harness = try ServerHarness(seed: false)
        harness.server.updateSettings { $0.pricesIncludeTax = pricesIncludeTax }
        harness.server.addTaxRate(rate: "10", name: "Base", priority: 1)
        harness.server.addTaxRate(rate: "50", name: "Shadowed", priority: 1)
        harness.server.addTaxRate(rate: "5", name: "Compound", priority: 2, compound: true)
        let product = harness.server.addProduct(name: "Thing", regularPrice: pricesIncludeTax ? "115.50" : "100.00")
        // When
        let reply = try await harness.post("/wc/v3/orders", #"{"line_items":[{"product_id":\#(product.id)}]}"#)
        // Then
        let taxes = reply.json?["line_items"]?.arrayValue?.first?["taxes"]?.arrayValue?.compactMap { $0["total"]?.stringValue }
        #expect(reply.json?["line_items"]?.arrayValue?.first?["subtotal"]?.stringValue == "100.00")
        #expect(taxes == ["10", "5.5"])
        #expect(reply.json?["total"]?.stringValue == "115.50")
        #expect(reply.json?["tax_lines"]?.arrayValue?.map { $0["compound"] } == [.bool(false), .bool(true)])
    }

    @Test func create_withVariableParentOnly_fails400() async throws {
        // Given
        let harness = try ServerHarness()
        let shirt = harness.server.product(sku: "MER-TSH")!
        // When
        let reply = try await harness.post("/wc/v3/orders", #"{"line_items":[{"product_id":\#(shirt.id)}]}"#)
        // Then
        #expect(reply.status == 400)
        #expect(reply.json?["code"]?.stringValue == "order_item_product_invalid_variation_id")
    }

    @Test func create_withPercentCouponInTaxInclusiveStore_discountsGrossPrice() async throws {
        // Given: demo store, 2 × Travel Mug at 14.95 incl. 19 %
        let harness = try ServerHarness()
        let mug = harness.server.product(sku: "MER-MUG")!
        // When
        let reply = try await harness.post("/wc/v3/orders",
                                           #"{"line_items":[{"product_id":\#(mug.id),"quantity":2}],"coupon_lines":[{"code":"welcome10"}]}"#)
        // Then: 29.90 gross, 2.99 off gross = 26.91 to pay; net 25.13 → 22.61, tax 4.77 → 4.30
        #expect(reply.json?["total"]?.stringValue == "26.91")
        #expect(reply.json?["discount_total"]?.stringValue == "2.52")
        #expect(reply.json?["discount_tax"]?.stringValue == "0.47")
    }
}
