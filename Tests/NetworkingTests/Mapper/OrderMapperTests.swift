import Foundation
import Networking
import POSFoundation
import Testing

struct OrderMapperTests {
    private let euro = Currency(code: "EUR", exponent: 2)

    @Test func map_fullOrder_readsAmountsAsMoneyInOrderCurrency() throws {
        // Given
        let data = try Fixture.data("order")

        // When
        let order = try OrderMapper().map(response: data)

        // Then
        #expect(order.id == 1201)
        #expect(order.status == .processing)
        #expect(order.currency == euro)
        #expect(order.total == Money(minorUnits: 2300, currency: euro))
        #expect(order.totalTax == Money(minorUnits: 367, currency: euro))
        #expect(order.discountTotal == Money(minorUnits: 168, currency: euro))
        #expect(order.pricesIncludeTax)
        #expect(order.transactionID == "ZVT-000123")
        #expect(order.dateCreated == Fixture.date(2026, 3, 1, 9, 15))
        #expect(order.datePaid == Fixture.date(2026, 3, 1, 9, 16))
        #expect(order.dateCompleted == nil)
        #expect(order.billing.country == "DE")
        #expect(order.isPaid)
    }

    @Test func map_fullOrder_readsLinesTaxesFeesCouponsRefunds() throws {
        // Given
        let data = try Fixture.data("order")

        // When
        let order = try OrderMapper().map(response: data)

        // Then
        #expect(order.lineItems.count == 2)
        let beans = try #require(order.lineItems.first)
        #expect(beans.quantity == ExactDecimal(2))
        #expect(beans.total == Money(minorUnits: 1513, currency: euro))
        #expect(beans.price == (try ExactDecimal(parsing: "7.563025210084")))
        #expect(beans.taxes == [OrderItemTax(rateID: 1, total: Money(minorUnits: 287, currency: euro), subtotal: Money(minorUnits: 319, currency: euro))])
        #expect(order.lineItems[1].variationID == 43)
        #expect(order.lineItems[1].metaData.first?.value == .string("blue"))
        #expect(order.taxLines.map(\.rateID) == [1, 2])
        #expect(order.taxLines.first?.ratePercent == ExactDecimal(19))
        #expect(order.taxLines.first?.taxTotal == Money(minorUnits: 332, currency: euro))
        #expect(order.feeLines.first?.total == Money(minorUnits: 50, currency: euro))
        #expect(order.couponLines.first?.code == "spring10")
        #expect(order.refunds.first?.total == Money(minorUnits: -535, currency: euro))
    }

    @Test func map_orderWithClientUUIDMeta_exposesClientUUID() throws {
        // Given
        let data = try Fixture.data("order")

        // When
        let order = try OrderMapper().map(response: data)

        // Then
        #expect(order.clientUUID?.description == "3f2504e0-4f89-11d3-9a0c-0305e82c3301")
        #expect(order.metaData[1].value["terminal"] == .string("T1"))
    }

    @Test func map_envelopeWithStringNumbersAndFalseForEmpty_decodesTolerantly() throws {
        // Given: {"data": …}, ids as strings, false/""/null for empty, no _gmt dates, a PHP object for an array.
        let data = try Fixture.data("order-quirks-envelope")

        // When
        let order = try OrderMapper().map(response: data)

        // Then
        let yen = Currency(code: "JPY", exponent: 0)
        #expect(order.id == 77)
        #expect(order.number == "77")
        #expect(order.status == .onHold)
        #expect(order.currency == yen)
        #expect(order.total == Money(minorUnits: 1500, currency: yen))
        #expect(order.discountTotal == .zero(yen))
        #expect(order.discountTax == .zero(yen))
        #expect(order.shippingTotal == .zero(yen))
        #expect(order.customerID == 5)
        #expect(order.billing == Address())
        #expect(order.shipping == Address())
        #expect(order.dateCreated == Fixture.date(2026, 2, 10, 8, 0))
        #expect(order.lineItems.first?.quantity == ExactDecimal(3))
        #expect(order.lineItems.first?.variationID == 0)
        #expect(order.lineItems.first?.taxes == [])
        #expect(order.lineItems.first?.price == ExactDecimal(500))
        #expect(order.taxLines.isEmpty && order.feeLines.isEmpty && order.couponLines.isEmpty)
        #expect(order.metaData == [MetaData(key: "a", value: 1)])
    }

    @Test func map_totalWithOneDecimal_usesTheStoreDecimalsAsExponent() throws {
        // Given: a store set to 1 decimal sends "12.5"; an unknown status stays custom.
        let data = try Fixture.data("order-custom-decimals")

        // When
        let order = try OrderMapper().map(response: data)

        // Then
        #expect(order.currency == Currency(code: "EUR", exponent: 1))
        #expect(order.total.minorUnits == 125)
        #expect(order.totalTax.minorUnits == 20)
        #expect(order.status == .custom("pending-delivery"))
        #expect(order.lineItems.first?.total.minorUnits == 125)
    }

    @Test func map_orderList_decodesEveryOrder() throws {
        // Given
        let data = try Fixture.data("orders")

        // When
        let orders = try OrderListMapper().map(response: data)

        // Then
        #expect(orders.map(\.id) == [1, 2])
        #expect(orders[1].status == .autoDraft)
    }

    @Test func map_orderWithGarbageAmount_throws() throws {
        // Given
        let data = Data(#"{"id": 1, "currency": "EUR", "total": "abc"}"#.utf8)

        // When / Then
        #expect(throws: DecodingError.self) { try OrderMapper().map(response: data) }
    }

    @Test func map_orderWithoutID_throws() {
        // Given
        let data = Data(#"{"currency": "EUR", "total": "1.00"}"#.utf8)

        // When / Then
        #expect(throws: DecodingError.self) { try OrderMapper().map(response: data) }
    }

    @Test func map_batchAnswer_separatesOrdersFromItemErrors() throws {
        // Given
        let data = try Fixture.data("order-batch")

        // When
        let result = try OrderBatchMapper().map(response: data)

        // Then
        #expect(result.create.count == 2)
        #expect(result.create[0].order?.id == 10)
        #expect(result.create[1] == .failed(id: nil, error: WordPressError(code: "woocommerce_rest_invalid_product_id", message: "Invalid product ID.", status: 400)))
        #expect(result.update.first?.order?.status == .completed)
        #expect(result.delete.first == .failed(id: 12, error: WordPressError(code: "woocommerce_rest_shop_order_invalid_id", message: "Invalid ID.", status: 404)))
    }

    @Test func map_refunds_readAmountExactlyAndLinesInGivenCurrency() throws {
        // Given
        let list = try Fixture.data("refunds")
        let single = try Fixture.data("refund")

        // When
        let refunds = try RefundListMapper(currency: euro).map(response: list)
        let refund = try RefundMapper().map(response: single)

        // Then
        #expect(refunds.first?.amount == (try ExactDecimal(parsing: "5.35")))
        #expect(refunds.first?.money(in: euro) == Money(minorUnits: 535, currency: euro))
        #expect(refunds.first?.lineItems.first?.total == Money(minorUnits: -500, currency: euro))
        #expect(refunds.first?.lineItems.first?.quantity == ExactDecimal(-1))
        #expect(refund.amount == (try ExactDecimal(parsing: "2.5")))
        #expect(refund.refundedBy == 1)
        #expect(refund.refundedPayment)
        #expect(refund.lineItems.isEmpty)
    }
}
