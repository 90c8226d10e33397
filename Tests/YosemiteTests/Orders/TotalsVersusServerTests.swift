import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Networking
import POSFoundation
import Storage
import Testing
import WooTestServer
@testable import Yosemite

/// The totals table: each case is sold locally, its outbox create body is posted to the WooCommerce-compatible
/// test server, and every total the server computes must equal the local one.
@MainActor
struct TotalsVersusServerTests {
    @Test(arguments: TotalsCase.all)
    func sale_postedToServer_hasTheSameTotals(_ row: TotalsCase) async throws {
        try await check(row, serverPricesFromCatalog: false)
    }

    /// The same, with the line amounts left out of the body so the server prices the lines from its own catalog:
    /// proves the subtotals (tax extracted from inclusive prices) too, not only what follows from them.
    @Test(arguments: TotalsCase.all.filter { !$0.hasManualDiscount })
    func sale_serverPricingFromCatalog_hasTheSameTotals(_ row: TotalsCase) async throws {
        try await check(row, serverPricesFromCatalog: true)
    }

    private func check(_ row: TotalsCase, serverPricesFromCatalog: Bool) async throws {
        // Given: the same store on the server and on the counter
        let server = WooTestServer()
        let base = try server.start()
        defer { server.stop() }
        server.addUser(username: "admin", applicationPassword: "pass word", role: .administrator)
        server.updateSettings {
            $0.currency = row.currency.code
            $0.numberOfDecimals = row.currency.exponent
            $0.pricesIncludeTax = row.pricesIncludeTax
            $0.taxRoundAtSubtotal = row.roundAtSubtotal
            $0.defaultCountry = "DE"
        }
        let local = try await OrderTestStore(settings: OrderTestStore.settings(
            currency: row.currency, pricesIncludeTax: row.pricesIncludeTax, roundAtSubtotal: row.roundAtSubtotal))
        var rates: [Storage.TaxRateRecord] = []
        for rate in row.rates {
            let added = server.addTaxRate(rate: rate.rate, name: rate.name, taxClass: rate.taxClass,
                                          priority: rate.priority, compound: rate.compound)
            rates.append(Storage.TaxRateRecord(id: added.id, rate: rate.rate, name: rate.name, priority: Int(rate.priority),
                                               compound: rate.compound, position: Int(added.order), taxClass: rate.taxClass))
        }
        var products: [Storage.ProductRecord] = []
        for product in row.products {
            let added = server.addProduct(name: product.sku, regularPrice: product.price, sku: product.sku,
                                          taxClass: product.taxClass)
            products.append(Storage.ProductRecord(id: added.id, name: product.sku, sku: product.sku, price: product.price,
                                                  regularPrice: product.price, taxClass: product.taxClass))
        }
        var coupons: [Storage.CouponRecord] = []
        if let coupon = row.coupon {
            let limit = coupon.firstProductOnly ? [products[0].id] : []
            let added = server.addCoupon(code: coupon.code, amount: coupon.amount, discountType: coupon.type,
                                         productIDs: limit)
            coupons.append(Storage.CouponRecord(id: added.id, code: coupon.code, discountType: coupon.type,
                                                amount: coupon.amount, productIds: limit))
        }
        try await local.seed(products: products, rates: rates, coupons: coupons)
        var cart = Cart(items: row.items.map { Cart.Item(code: $0.0, quantity: $0.1) },
                        couponCodes: row.coupon.map { [$0.code] } ?? [])
        if let fee = row.fee {
            cart.fees = [Cart.Fee(name: fee.name, amount: PreciseAmount(decimalText: fee.amount)!, taxable: fee.taxable)]
        }
        if let percent = row.orderDiscountPercent { cart.orderDiscount = .percent(PreciseAmount(decimalText: percent)!) }
        for (index, discount) in row.lineDiscounts { cart.items[index].discount = Cart.Discount(argument: discount)! }

        // When
        let sale = try await local.sell(cart).get()
        let create = try #require(sale.order.detail.outbox.first { $0.kind == .createOrder })
        let reply = try await Self.post(serverPricesFromCatalog ? Self.withoutLineAmounts(create.payload) : create.payload,
                                        to: base)

        // Then
        let order = sale.order
        func money(_ minor: Int64) -> String { order.money(minor).decimalString }
        #expect(reply["total"]?.stringValue == money(order.record.total), "total")
        #expect(reply["total_tax"]?.stringValue == money(order.record.totalTax), "total_tax")
        #expect(reply["discount_total"]?.stringValue == money(order.record.discountTotal), "discount_total")
        #expect(reply["discount_tax"]?.stringValue == money(order.record.discountTax), "discount_tax")
        let serverLines = reply["line_items"]?.arrayValue ?? []
        #expect(serverLines.count == order.detail.lines.count)
        for (line, serverLine) in zip(order.detail.lines, serverLines) {
            #expect(serverLine["subtotal"]?.stringValue == money(line.subtotal), "line subtotal")
            #expect(serverLine["total"]?.stringValue == money(line.total), "line total")
            #expect(serverLine["subtotal_tax"]?.stringValue == money(line.subtotalTax), "line subtotal_tax")
            #expect(serverLine["total_tax"]?.stringValue == money(line.totalTax), "line total_tax")
        }
        let serverTaxes = (reply["tax_lines"]?.arrayValue ?? []).map { ($0["rate_id"]?.int64Value ?? 0, $0["tax_total"]?.stringValue ?? "") }
        #expect(serverTaxes.map(\.0) == order.detail.taxes.map(\.rateId), "tax line rates")
        #expect(serverTaxes.map(\.1) == order.detail.taxes.map { money($0.taxTotal) }, "tax line totals")
        let serverCoupons = (reply["coupon_lines"]?.arrayValue ?? []).map { ($0["discount"]?.stringValue ?? "", $0["discount_tax"]?.stringValue ?? "") }
        #expect(serverCoupons.map(\.0) == order.detail.coupons.map { money($0.discount) }, "coupon discount")
        #expect(serverCoupons.map(\.1) == order.detail.coupons.map { money($0.discountTax) }, "coupon discount_tax")
        let serverFees = (reply["fee_lines"]?.arrayValue ?? []).map { ($0["total"]?.stringValue ?? "", $0["total_tax"]?.stringValue ?? "") }
        #expect(serverFees.map(\.0) == order.detail.fees.map { money($0.total) }, "fee total")
        #expect(serverFees.map(\.1) == order.detail.fees.map { money($0.totalTax) }, "fee total_tax")
    }

    private static func withoutLineAmounts(_ payload: String) throws -> String {
        guard case .object(var body) = try JSONDecoder().decode(JSONValue.self, from: Data(payload.utf8)) else { return payload }
        body["line_items"] = .array((body["line_items"]?.arrayValue ?? []).map { line in
            guard case .object(var members) = line else { return line }
            members["subtotal"] = nil
            members["total"] = nil
            return .object(members)
        })
        return String(decoding: JSONValue.object(body).encoded(), as: UTF8.self)
    }

    /// Posts an order body to the test server as the admin and returns its answer (201 expected).
    static func post(_ body: String, to base: URL) async throws -> JSONValue {
        var request = URLRequest(url: base.appendingPathComponent("wp-json/wc/v3/orders"))
        request.httpMethod = "POST"
        request.httpBody = Data(body.utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("Basic " + Data("admin:pass word".utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 5
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode
        #expect(status == 201, "server said \(String(decoding: data, as: UTF8.self))")
        return try JSONDecoder().decode(JSONValue.self, from: data)
    }
}
