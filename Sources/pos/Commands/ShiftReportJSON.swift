import Foundation
import POSFoundation
import Yosemite

/// The `--json` shape of a shift's Z report (`pos shift open|cash-in|cash-out|close|end-of-day|report --json`).
/// Stable: scripts read it. Machine fields only, as every `--json` output: amounts as decimal strings in the
/// report's `currency` (the REST API's form, "96.00"), times ISO 8601 with the offset, codes not words.
struct ShiftReportJSON: Encodable {
    struct Tender: Encodable {
        var tender: String
        var count: Int
        var amount: String
    }

    struct Tax: Encodable {
        /// The store's own label of the rate (its data, not a translated word).
        var label: String
        var ratePercent: String
        var amount: String
    }

    struct Terminal: Encodable {
        var reader: String
        var ran: Bool
        var ranAt: String?
        var terminalId: String?
        var total: String?
        var count: Int?
        var expectedTotal: String
        var expectedCount: Int
        var matches: Bool?
    }

    var shiftId: Int64
    /// "open" or "closed".
    var state: String
    var cashier: String
    var register: String?
    var currency: String
    var openedAt: String
    var closedAt: String?
    var salesCount: Int
    var firstOrder: Int64?
    var lastOrder: Int64?
    var grossSales: String
    var tenders: [Tender]
    var refundCount: Int
    var refunds: String
    var cashRefunds: String
    var taxes: [Tax]
    var openingFloat: String
    var cashIn: String
    var cashOut: String
    var expectedCash: String
    var countedCash: String?
    /// Counted − expected (negative: cash is missing); with the count only.
    var difference: String?
    var noSaleOpens: Int?
    var trainingSales: Int?
    var terminal: Terminal?
    /// With `close` and `end-of-day`: whether the report reached the printer (a failure does not undo the close).
    var printed: Bool?

    init(_ report: ZReport, printed: Bool? = nil) {
        func money(_ minor: Int64) -> String { Money(minorUnits: minor, currency: report.currency).decimalString }
        shiftId = report.shiftId
        state = report.closedAt == nil ? "open" : "closed"
        cashier = report.cashier
        register = report.register
        currency = report.currency.code
        openedAt = LocalTime.iso(report.openedAt)
        closedAt = report.closedAt.map(LocalTime.iso)
        salesCount = report.salesCount
        firstOrder = report.firstOrder
        lastOrder = report.lastOrder
        grossSales = money(report.grossSales)
        tenders = report.tenders.map { Tender(tender: $0.tender.rawValue, count: $0.count, amount: money($0.amount)) }
        refundCount = report.refundCount
        refunds = money(report.refunds)
        cashRefunds = money(report.cashRefunds)
        taxes = report.taxes.map { Tax(label: $0.label, ratePercent: $0.ratePercent, amount: money($0.amount)) }
        openingFloat = money(report.openingFloat)
        cashIn = money(report.cashIn)
        cashOut = money(report.cashOut)
        expectedCash = money(report.expectedCash)
        countedCash = report.countedCash.map(money)
        difference = report.countedCash.map { money($0 - report.expectedCash) }
        noSaleOpens = report.noSaleOpens
        trainingSales = report.trainingSales
        terminal = report.terminalClosing.map { closing in
            Terminal(reader: closing.reader, ran: closing.didRun, ranAt: closing.ranAt.map(LocalTime.iso),
                     terminalId: closing.terminalID, total: closing.total.map(money), count: closing.count,
                     expectedTotal: money(closing.expectedTotal), expectedCount: closing.expectedCount,
                     matches: closing.didRun ? !closing.isMismatch : nil)
        }
        self.printed = printed
    }
}
