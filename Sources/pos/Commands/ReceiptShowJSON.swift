import Foundation
import POSFoundation
import Storage
import Yosemite

/// The `--json` shape of `pos receipt show ORDER`: the data the sale's receipt prints, not its rendered text.
/// Stable: scripts read it. Machine fields only, as every `--json` output: amounts as decimal strings in the order's
/// `currency`, times ISO 8601 with the offset, states and kinds as codes, the TSE's fields as it signed them. A card
/// payment carries what the order already stores of the card: its brand and last four digits, never more.
struct ReceiptShowJSON: Encodable {
    struct Line: Encodable {
        var productId: Int64?
        var variationId: Int64?
        var name: String
        var sku: String
        var quantity: Int
        /// Grams, for a weighed line (its `quantity` is then 1).
        var weightGrams: Int?
        var unitPrice: String
        var subtotal: String
        var subtotalTax: String
        var total: String
        var totalTax: String
        var taxClass: String
        var manualItemCode: String?
    }

    /// A fee and a coupon as `orders show --json` writes them.
    typealias Fee = OrderReport.Fee
    typealias Coupon = OrderReport.Coupon

    struct Tax: Encodable {
        var rateId: Int64
        var rateCode: String
        var label: String
        var ratePercent: String
        var compound: Bool
        var total: String
    }

    struct Payment: Encodable {
        /// "cash", "card" or "other".
        var method: String
        var amount: String
        var tendered: String?
        var change: String?
        var transactionId: String?
        var cardBrand: String?
        var cardLast4: String?
        var terminalReceiptNumber: String?
        var terminalTraceNumber: String?
    }

    /// One stored receipt of the order (the sale's, a refund's, a card slip…).
    struct StoredReceipt: Encodable {
        var id: Int64?
        var kind: String
        var printState: String
        var reprintCount: Int
        var createdAt: String
        var printedAt: String?
    }

    /// What the TSE did: `signed` with its fields, `failed` with the cause's code, or `pending`.
    struct TSE: Encodable {
        var state: String
        var cause: String?
        var transactionNumber: Int?
        var signatureCounter: Int?
        var startTime: String?
        var endTime: String?
        var algorithm: String?
        var timeFormat: String?
        var signature: String?
        var publicKey: String?
        var tseSerial: String?
        var clientSerial: String?
        var processType: String?
        var processData: String?
        var qrCode: String?
        var simulated: Bool?
    }

    var orderId: Int64?
    var localNumber: Int64
    var clientUUID: String
    var remoteId: Int64?
    var remoteNumber: String?
    var register: String?
    /// The Bon's number in its register's series (`K2-000123`; a training sale's `K2-T000001`).
    var receiptNumber: String?
    var training: Bool
    var createdAt: String
    var cashier: String?
    var customerId: Int64?
    var currency: String
    var pricesIncludeTax: Bool
    var subtotal: String
    var discountTotal: String
    var discountTax: String
    var feeTotal: String
    var totalTax: String
    var total: String
    var lines: [Line]
    var fees: [Fee]
    var coupons: [Coupon]
    var taxes: [Tax]
    var payments: [Payment]
    var receipts: [StoredReceipt]
    /// Absent where no TSE signs.
    var tse: TSE?

    init(_ data: ReceiptOrderData, receipts stored: [ReceiptRecord]) {
        let order = data.order
        func money(_ minor: Int64) -> String { order.money(minor).decimalString }
        orderId = order.id
        localNumber = order.localNumber
        clientUUID = order.clientUUID.description
        remoteId = order.remoteId
        remoteNumber = order.remoteNumber
        register = order.registerId
        receiptNumber = order.printedReceiptNumber
        training = order.training
        createdAt = LocalTime.iso(order.createdAt)
        cashier = order.cashier
        customerId = order.customerId
        currency = order.currencyCode
        pricesIncludeTax = order.pricesIncludeTax
        subtotal = money(order.subtotal)
        discountTotal = money(order.discountTotal)
        discountTax = money(order.discountTax)
        feeTotal = money(order.feeTotal)
        totalTax = money(order.totalTax)
        total = money(order.total)
        lines = data.lines.map {
            Line(productId: $0.productId, variationId: $0.variationId, name: $0.name, sku: $0.sku, quantity: $0.quantity,
                 weightGrams: $0.weightGrams, unitPrice: money($0.unitPrice), subtotal: money($0.subtotal),
                 subtotalTax: money($0.subtotalTax), total: money($0.total), totalTax: money($0.totalTax),
                 taxClass: $0.taxClass, manualItemCode: $0.manualItemCode)
        }
        fees = data.fees.map { Fee(name: $0.name, total: money($0.total), totalTax: money($0.totalTax)) }
        coupons = data.coupons.map { Coupon(code: $0.code, discount: money($0.discount), discountTax: money($0.discountTax)) }
        taxes = data.taxes.map {
            Tax(rateId: $0.rateId, rateCode: $0.rateCode, label: $0.label, ratePercent: $0.ratePercent, compound: $0.compound,
                total: money($0.taxTotal))
        }
        payments = data.payments.map {
            Payment(method: $0.method.rawValue, amount: $0.amountMoney.decimalString, tendered: $0.tendered.map(money),
                    change: $0.change.map(money), transactionId: $0.transactionId, cardBrand: $0.cardBrand,
                    cardLast4: $0.cardLast4, terminalReceiptNumber: $0.terminalReceiptNumber,
                    terminalTraceNumber: $0.terminalTraceNumber)
        }
        receipts = stored.map {
            StoredReceipt(id: $0.id, kind: $0.kind.rawValue, printState: $0.printState.rawValue, reprintCount: $0.reprintCount,
                          createdAt: LocalTime.iso($0.createdAt), printedAt: $0.printedAt.map(LocalTime.iso))
        }
        tse = data.fiscal.map(Self.tse)
    }

    static func tse(_ fiscal: ReceiptFiscal) -> TSE {
        switch fiscal {
        case .signed(let signed):
            TSE(state: "signed", transactionNumber: signed.transactionNumber, signatureCounter: signed.signatureCounter,
                startTime: LocalTime.iso(signed.startTime), endTime: LocalTime.iso(signed.endTime),
                algorithm: signed.algorithm, timeFormat: signed.timeFormat, signature: signed.signature,
                publicKey: signed.publicKey, tseSerial: signed.tseSerial, clientSerial: signed.clientSerial,
                processType: signed.processType, processData: signed.processData, qrCode: signed.qrCodeData,
                simulated: signed.isSimulated)
        case .failed(let cause):
            // The stored cause's code (`tse.unreachable`…), not its sentence.
            TSE(state: "failed", cause: FiscalCause(stored: cause)?.code.rawValue)
        case .pending:
            TSE(state: "pending")
        }
    }
}
