import Foundation
import GRDB
import Networking
import POSFoundation
import Storage
import Testing
@testable import Yosemite

/// `OrderStore` against an on-disk test database: sales, their outbox contract, and history.
@MainActor
struct OrderStoreTests {
    private func store(pricesIncludeTax: Bool = false) async throws -> OrderTestStore {
        let store = try await OrderTestStore(settings: OrderTestStore.settings(pricesIncludeTax: pricesIncludeTax))
        try await store.seed(
            products: [
                ProductRecord(id: 10, name: "Coffee", sku: "COF", price: "2.50", regularPrice: "2.50"),
                ProductRecord(id: 20, name: "Cake", sku: "CAKE", globalUniqueId: "4006381333931", price: "3.20",
                              regularPrice: "4.00", salePrice: "3.20", taxClass: "reduced-rate"),
                ProductRecord(id: 30, name: "Shirt", type: "variable"),
            ],
            variations: [ProductVariationRecord(id: 31, productId: 30, name: "Shirt – L", sku: "SHIRT-L", price: "20.00",
                                                regularPrice: "20.00", taxClass: "parent")],
            rates: [TaxRateRecord(id: 1, country: "DE", rate: "19.0000", name: "MwSt"),
                    TaxRateRecord(id: 2, country: "DE", rate: "7.0000", name: "MwSt 7", taxClass: "reduced-rate")],
            coupons: [CouponRecord(id: 90, code: "tenoff", discountType: "percent", amount: "10"),
                      CouponRecord(id: 91, code: "old", discountType: "fixed_cart", amount: "1",
                                   dateExpires: Date(timeIntervalSince1970: 1_000_000)),
                      CouponRecord(id: 92, code: "big", discountType: "fixed_cart", amount: "5", minimumAmount: "100.00")])
        return store
    }

    @Test func completeSale_cashWithTender_writesOrderLinesPaymentAndOneOutboxEntry() async throws {
        // Given
        let store = try await store()
        let cart = Cart(items: [.init(code: "COF", quantity: 2), .init(code: "4006381333931"), .init(code: "SHIRT-L")],
                        customerId: 7)
        // When
        let sale = try await store.sell(cart, tender: .cash(tendered: Money(minorUnits: 5000, currency: .eur))).get()
        // Then: 5.00 + 0.95 tax, 3.20 + 0.22, 20.00 + 3.80 = 33.17
        let order = sale.order
        #expect(order.record.total == 3317)
        #expect(order.record.subtotal == 2820)
        #expect(order.record.totalTax == 497)
        #expect(order.localNumber == 1)
        #expect(order.record.createdAt == store.environment.now())
        #expect(order.record.syncState == .pending)
        #expect(sale.change == Money(minorUnits: 1683, currency: .eur))
        #expect(order.detail.lines.map(\.name) == ["Coffee", "Cake", "Shirt – L"])
        #expect(order.detail.lines[2].variationId == 31)
        #expect(order.detail.taxes.map(\.taxTotal) == [475, 22])
        #expect(order.detail.payments.first?.tendered == 5000)
        #expect(order.detail.payments.first?.change == 1683)
        #expect(order.detail.outbox.map(\.kind) == [.createOrder])
        #expect(order.detail.outbox.allSatisfy { $0.orderId == order.id })
    }

    @Test func completeSale_createPayload_isThePOSTBodyWithTheSalesOwnAmountsAndMeta() async throws {
        // Given
        let store = try await store()
        // When
        let sale = try await store.sell(Cart(items: [.init(code: "COF", quantity: 2)], customerId: 7)).get()
        // Then
        let create = try #require(sale.order.detail.outbox.first { $0.kind == .createOrder })
        let body = try JSONDecoder().decode(JSONValue.self, from: Data(create.payload.utf8))
        #expect(body["status"] == .string("pending"))
        #expect(body["currency"] == .string("EUR"))
        #expect(body["customer_id"]?.int64Value == 7)
        let line = try #require(body["line_items"]?.arrayValue?.first)
        #expect(line["product_id"]?.int64Value == 10)
        #expect(line["quantity"]?.int64Value == 2)
        #expect(line["subtotal"] == .string("5.000000"))
        #expect(line["total"] == .string("5.000000"))
        let meta = body["meta_data"]?.arrayValue ?? []
        let keys = meta.compactMap { $0["key"]?.stringValue }
        #expect(keys == [Order.clientUUIDMetaKey, "_pos_sale_time", "_pos_local_number"])
        #expect(meta[0]["value"]?.stringValue == sale.order.clientUUID.description)
        #expect(meta[1]["value"]?.stringValue == "2026-09-21T14:13:20Z")
        #expect(meta[2]["value"]?.stringValue == "1")
        // Created paid: no separate mark-paid entry.
        #expect(sale.order.detail.outbox.map(\.kind) == [.createOrder])
        #expect(body["set_paid"] == .bool(true))
        #expect(body["payment_method"] == .string("cod"))
        #expect(body["payment_method_title"] == .string("Cash"))
        #expect(body["transaction_id"]?.stringValue == sale.order.clientUUID.description)
    }

    @Test func completeSale_failureMidWrite_leavesNothing() async throws {
        // Given: the outbox (written last) refuses inserts, as a full disk would
        let store = try await store()
        try await store.database.performAndSave { db in
            try db.execute(sql: "CREATE TRIGGER refuse BEFORE INSERT ON outbox BEGIN SELECT RAISE(ABORT, 'disk full'); END")
        }
        // When
        let result = await store.sell(Cart(items: [.init(code: "COF")]))
        // Then
        guard case .failure(.storage(let error)) = result else { Issue.record("expected a storage failure"); return }
        // The failure keeps its structure: SQLite's class of error and its message.
        #expect(error.code == .constraintViolation)
        #expect(error.detail.contains("disk full"))
        // The completion wrote nothing: no completed order, no outbox entry; the sale stays open, covered by the cash
        // it recorded, for the next writer to complete (never to charge again).
        let counts = try await store.database.read { db in
            [try OrderRecord.all().completed().fetchCount(db), try OutboxRecord.fetchCount(db),
             try ReceiptNumberRecord.fetchCount(db)]
        }
        #expect(counts == [0, 0, 0])
        let open = try #require(try await store.database.sales(in: [.open]).first)
        #expect(open.tenders.map(\.method) == [.cash] && open.due.minorUnits == 0)
    }

    @Test func completeSale_unknownCode_failsWithNotFound() async throws {
        let store = try await store()
        let result = await store.sell(Cart(items: [.init(code: "NOPE")]))
        #expect(throws: OrderError.notFound(code: "NOPE")) { try result.get() }
        #expect(OrderError.notFound(code: "NOPE").message == "not found: NOPE")
    }

    @Test func completeSale_variableParent_isRefused() async throws {
        let store = try await store()
        let result = await store.sell(Cart(items: [.init(code: "30")]))
        guard case .failure(.notSellable) = result else { Issue.record("expected notSellable, got \(result)"); return }
    }

    @Test func completeSale_tenderBelowTotal_isRefused() async throws {
        let store = try await store()
        let result = await store.sell(Cart(items: [.init(code: "COF")]), tender: .cash(tendered: Money(minorUnits: 100, currency: .eur)))
        guard case .failure(.tenderTooLow) = result else { Issue.record("expected tenderTooLow"); return }
    }

    @Test func completeSale_expiredOrMinimumSpendCoupon_isRefused() async throws {
        let store = try await store()
        let expired = await store.sell(Cart(items: [.init(code: "COF")], couponCodes: ["OLD"]))
        let minimum = await store.sell(Cart(items: [.init(code: "COF")], couponCodes: ["big"]))
        let unknown = await store.sell(Cart(items: [.init(code: "COF")], couponCodes: ["nada"]))
        #expect(throws: OrderError.couponInvalid(code: "old", reason: "it has expired")) { try expired.get() }
        #expect(throws: OrderError.couponInvalid(code: "big", reason: "the minimum spend is €100.00")) { try minimum.get() }
        #expect(throws: OrderError.couponNotFound(code: "nada")) { try unknown.get() }
    }

    @Test func completeSale_manualDiscountWithCoupon_isRefused() async throws {
        let store = try await store()
        let result = await store.sell(Cart(items: [.init(code: "COF")], couponCodes: ["tenoff"],
                                           orderDiscount: .percent(PreciseAmount(micros: 10_000_000))))
        #expect(throws: OrderError.discountWithCoupon) { try result.get() }
    }

    @Test func completeSale_orderDiscountTenPercent_lowersLineTotals() async throws {
        let store = try await store()
        let sale = try await store.sell(Cart(items: [.init(code: "COF", quantity: 2)],
                                             orderDiscount: .percent(PreciseAmount(micros: 10_000_000)))).get()
        // 5.00 − 0.50 = 4.50 + 0.86 tax (19 %)
        #expect(sale.order.record.discountTotal == 50)
        #expect(sale.order.record.total == 536)
    }

    @Test func listOrders_filtersPendingAndByNumberAndUUID() async throws {
        // Given
        let store = try await store()
        let first = try await store.sell(Cart(items: [.init(code: "COF")])).get()
        let second = try await store.sell(Cart(items: [.init(code: "CAKE")], customerId: 42)).get()
        try await store.database.performAndSave { db in
            var synced = first.order.record
            synced.syncState = .synced
            synced.remoteId = 500
            synced.remoteNumber = "500"
            try synced.update(db)
        }
        // When
        let all = try await store.list().get()
        let pending = try await store.list(OrderQuery(unsyncedOnly: true)).get()
        let byCustomer = try await store.list(OrderQuery(customerId: 42)).get()
        let byNumber = try await store.load("1").get()
        let byUUID = try await store.load(second.order.clientUUID.description).get()
        let byServerNumber = try await store.load("#500").get()
        // Then
        #expect(all.map(\.localNumber) == [2, 1])
        #expect(pending.map(\.localNumber) == [2])
        #expect(byCustomer.map(\.localNumber) == [2])
        #expect(byNumber.clientUUID == first.order.clientUUID)
        #expect(byUUID.localNumber == 2)
        #expect(byServerNumber.record.remoteId == 500)
        let missing = await store.load("99")
        #expect(throws: OrderError.orderNotFound(reference: "99")) { try missing.get() }
    }
}
