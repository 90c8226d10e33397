import Foundation
import Hardware
import Localization
import POSFoundation
import Storage

/// A reference shop, sale and card payment, in memory only: the source of `Receipts/samples/`, the snapshot tests
/// and the receipt benchmark. It is never stored: every stored order comes from the checkout
/// (`Yosemite/Checkout/`), so tests that need an order in a database make a sale. Prices include 19 % and 7 % VAT,
/// as in the demo store.
public enum ReceiptSamples {
    /// The shop.
    public static let store = StoreSettings(
        storeName: "Corner Shop",
        siteURL: "https://shop.example",
        currency: .eur,
        moneyFormat: MoneyFormat(symbol: "€", position: .rightSpace, separators: .commaDecimalDotGrouping),
        address: StoreAddress(line1: "Musterstraße 1", city: "Berlin", postcode: "10115", country: "DE", state: "BE"),
        taxes: TaxOptions(calculateTaxes: true, pricesIncludeTax: true)
    )

    /// The receipt context: Berlin time, a tax number, the cashier.
    public static let context = context(language: .english)

    /// The receipt context in a language (the German samples in `Receipts/samples/de/`).
    public static func context(language: Language) -> ReceiptContext {
        ReceiptContext(
            store: store, cashier: "Alex", timeZone: TimeZone(identifier: "Europe/Berlin") ?? .current,
            taxNumber: "DE123456789", language: language
        )
    }

    /// The sale time: 2026-11-21 13:05 UTC (14:05 in Berlin).
    public static let saleDate = Date(timeIntervalSince1970: 1_795_266_300)

    /// The card result of the sample card payment: approved, contactless, PIN verified. No expiry: the type has none.
    public static func cardResult(amount: Int64 = 1_750) -> PaymentResult {
        PaymentResult(
            amount: Money(minorUnits: amount, currency: .eur), traceNumber: 4711, receiptNumber: 815,
            terminalID: "52500123", merchantID: "1234567890",
            timestamp: TerminalTimestamp(year: 2026, month: 11, day: 21, hour: 14, minute: 5, second: 12),
            cardName: "Debit Mastercard", cardType: 6, maskedPAN: MaskedPAN(lastFour: "0010", length: 16),
            approvalCode: "A1B2C3", applicationID: "A0000000041010", applicationName: "MASTERCARD",
            entryMode: .contactless, verification: .onlinePIN
        )
    }

    /// The sample order's data, with a card payment or a cash payment (20 € tendered).
    public static func sale(card: Bool, orderID: Int64 = 1, localNumber: Int64 = 1042) -> ReceiptOrderData {
        let uuid = ClientUUID(string: "3f2c8a4e-9b1d-4c7e-8a55-0d6f1e2b7c90")!
        let order = OrderRecord(
            id: orderID, clientUUID: uuid, localNumber: localNumber, status: "completed", currency: .eur,
            pricesIncludeTax: true, subtotal: 1_579, discountTotal: 84, discountTax: 6, feeTotal: 84, totalTax: 171,
            total: 1_750, customerNote: "", createdAt: saleDate, remoteNumber: "5123", syncState: .synced
        )
        let lines = [
            OrderLineRecord(orderId: orderID, position: 0, name: "Espresso", sku: "ESP", quantity: 2, unitPrice: 210,
                            subtotal: 420, subtotalTax: 80, total: 420, totalTax: 80, taxes: [.init(rateId: 1, subtotal: 80, total: 80)]),
            OrderLineRecord(orderId: orderID, position: 1, name: "Croissant @ butter", quantity: 3, unitPrice: 187,
                            subtotal: 561, subtotalTax: 39, total: 477, totalTax: 33, taxes: [.init(rateId: 2, subtotal: 39, total: 33)]),
            OrderLineRecord(orderId: orderID, position: 2, name: "Fair-trade coffee beans, whole, 250 g", quantity: 1,
                            unitPrice: 598, subtotal: 598, subtotalTax: 42, total: 598, totalTax: 42,
                            taxes: [.init(rateId: 2, subtotal: 42, total: 42)]),
        ]
        let fees = [OrderFeeRecord(orderId: orderID, name: "Cup deposit", total: 84, totalTax: 16)]
        let coupons = [OrderCouponRecord(orderId: orderID, code: "croissant10", discount: 84, discountTax: 6)]
        let taxes = [
            OrderTaxRecord(orderId: orderID, rateId: 1, label: "VAT", ratePercent: "19.0000", taxTotal: 96),
            OrderTaxRecord(orderId: orderID, rateId: 2, label: "VAT", ratePercent: "7.0000", taxTotal: 75),
        ]
        let paymentID: Int64 = 1
        let total = Money(minorUnits: 1_750, currency: .eur)
        let payment = card
            ? PaymentRecord(id: paymentID, orderId: orderID, method: .card, amount: total, cardBrand: "Debit Mastercard",
                            cardLast4: "0010", terminalReceiptNumber: "815", terminalTraceNumber: "4711",
                            journalAttemptId: "sample-attempt-\(localNumber)", createdAt: saleDate)
            : PaymentRecord(id: paymentID, orderId: orderID, method: .cash, amount: total, tendered: 2_000, change: 250,
                            createdAt: saleDate)
        return ReceiptOrderData(
            order: order, lines: lines, fees: fees, coupons: coupons, taxes: taxes, payments: [payment],
            cardResults: card ? [paymentID: cardResult()] : [:]
        )
    }
}
