import Foundation
import FuzzSupport
import Hardware
import POSFoundation
import Storage
import Yosemite

/// A stored order built from fuzzer bytes: hostile names everywhere, up to 10,000 lines.
enum HostileOrder {
    /// The `kind` byte that, with a flags byte of `Fx`, asks for 10,000 lines (a sale).
    static let manyLinesKind: UInt8 = 0x80

    /// Whether 10,000-line receipts are built: only for the one-off run of Fuzz/regress/FuzzReceipt/
    /// (`POS_FUZZ_MANY_LINES=1`, set by scripts/fuzz.sh). Such a receipt takes seconds under AddressSanitizer,
    /// and in the fuzzing loop its mutations would fill the corpus and stall it.
    static let manyLinesEnabled = ProcessInfo.processInfo.environment["POS_FUZZ_MANY_LINES"] == "1"

    static func make(_ input: inout FuzzInput, kind: UInt8) -> (ReceiptOrderData, ReceiptContext) {
        let flags = input.byte()
        let currency = [Currency.eur, .jpy, .kwd, .usd][Int(flags & 3)]
        let store = StoreSettings(
            storeName: HostileText.make(&input), siteURL: input.bool() ? "https://" + HostileText.make(&input) : "demo://pos",
            currency: currency,
            moneyFormat: MoneyFormat(symbol: HostileText.make(&input), position: .rightSpace, separators: .commaDecimalDotGrouping),
            address: StoreAddress(line1: HostileText.make(&input), city: HostileText.make(&input), country: "DE"),
            taxes: TaxOptions(calculateTaxes: true, pricesIncludeTax: flags & 4 != 0)
        )
        let context = ReceiptContext(
            store: store, cashier: HostileText.make(&input), timeZone: TimeZone(identifier: "Europe/Berlin") ?? .current,
            taxNumber: HostileText.make(&input), footer: [HostileText.make(&input), HostileText.make(&input)]
        )
        let order = OrderRecord(
            id: 1, clientUUID: ClientUUID(string: "3f2c8a4e-9b1d-4c7e-8a55-0d6f1e2b7c90")!, localNumber: 1042,
            status: "completed", currency: currency, pricesIncludeTax: flags & 4 != 0,
            subtotal: HostileText.amount(&input), discountTotal: HostileText.amount(&input),
            discountTax: HostileText.amount(&input), feeTotal: HostileText.amount(&input),
            totalTax: HostileText.amount(&input), total: HostileText.amount(&input),
            customerNote: HostileText.make(&input), createdAt: Date(timeIntervalSince1970: 1_795_266_300),
            remoteNumber: HostileText.make(&input)
        )
        // 10,000 copies of one hostile line when asked, otherwise a few distinct ones.
        let lineCount = manyLinesEnabled && kind == manyLinesKind && flags & 0xF0 == 0xF0 ? 10_000 : Int(input.byte() % 8)
        var lines: [OrderLineRecord] = []
        // The 10,000 copies keep names to 120 characters: 10,000 lines of 20,000-character names take minutes
        // to lay out at three widths (linear, but 200 million characters); long names are fuzzed in the few-line case.
        let repeated = lineCount == 10_000 ? line(&input, position: 0, limit: 120) : nil
        for position in 0..<lineCount {
            var record = repeated ?? line(&input, position: position)
            record.position = position
            lines.append(record)
        }
        let fees = (0..<Int(input.byte() % 3)).map { _ in
            OrderFeeRecord(orderId: 1, name: HostileText.make(&input), total: HostileText.amount(&input), totalTax: 0)
        }
        let coupons = (0..<Int(input.byte() % 3)).map { _ in
            OrderCouponRecord(orderId: 1, code: HostileText.make(&input), discount: HostileText.amount(&input), discountTax: 0)
        }
        let taxes = (0..<Int(input.byte() % 3)).map { index in
            OrderTaxRecord(orderId: 1, rateId: Int64(index), label: HostileText.make(&input),
                           ratePercent: HostileText.make(&input), taxTotal: HostileText.amount(&input))
        }
        let total = Money(minorUnits: order.total, currency: currency)
        let card = flags & 8 != 0
        let payment = card
            ? PaymentRecord(id: 1, orderId: 1, method: .card, amount: total, cardBrand: HostileText.make(&input),
                            cardLast4: "0010", createdAt: order.createdAt)
            : PaymentRecord(id: 1, orderId: 1, method: .cash, amount: total, tendered: HostileText.amount(&input),
                            change: HostileText.amount(&input), createdAt: order.createdAt)
        let result = PaymentResult(
            amount: total, traceNumber: 4711, receiptNumber: 815, terminalID: HostileText.make(&input),
            merchantID: HostileText.make(&input), cardName: HostileText.make(&input),
            maskedPAN: MaskedPAN(lastFour: "0010", length: 16), approvalCode: HostileText.make(&input),
            applicationID: HostileText.make(&input), applicationName: HostileText.make(&input),
            slipLines: (0..<Int(input.byte() % 6)).map { _ in HostileText.make(&input) }
        )
        let data = ReceiptOrderData(
            order: order, lines: lines, fees: fees, coupons: coupons, taxes: taxes, payments: [payment],
            cardResults: card ? [1: result] : [:]
        )
        return (data, context)
    }

    private static func line(_ input: inout FuzzInput, position: Int, limit: Int = .max) -> OrderLineRecord {
        OrderLineRecord(
            orderId: 1, position: position, name: String(HostileText.make(&input).prefix(limit)),
            sku: String(HostileText.make(&input).prefix(limit)),
            quantity: Int(input.byte()) - 8, unitPrice: HostileText.amount(&input), subtotal: HostileText.amount(&input),
            subtotalTax: HostileText.amount(&input), total: HostileText.amount(&input), totalTax: HostileText.amount(&input)
        )
    }
}
