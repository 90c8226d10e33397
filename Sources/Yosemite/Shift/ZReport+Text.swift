import Foundation
import Hardware
import POSFoundation

extension ZReport {
    /// The report as label/value rows, formatted with `format` (the store's money format); the counter's shift
    /// screen, `pos shift report` and the printed report all show these rows.
    public func rows(format: (Money) -> String) -> [(label: String, value: String)] {
        func money(_ value: Int64) -> String { format(Money(minorUnits: value, currency: currency)) }
        var rows: [(String, String)] = [
            ("Shift", "#\(shiftId)\(cashier.isEmpty ? "" : " · \(cashier)")"),
        ]
        if let register { rows.append(("Register", register)) }
        rows += [
            ("Sales", String(salesCount)),
            ("Orders", firstOrder.map { first in "\(first) – \(lastOrder ?? first)" } ?? "none"),
            ("Gross sales", money(grossSales)),
        ]
        for total in tenders {
            rows.append(("  \(total.tender.rawValue.capitalized) (\(total.count))", money(total.amount)))
        }
        rows.append(("Refunds (\(refundCount))", money(refunds)))
        if terminalWithoutSale.count > 0 {
            rows.append(("Terminal, no sale (\(terminalWithoutSale.count))", money(terminalWithoutSale.net)))
        }
        if let noSaleOpens, noSaleOpens > 0 {
            rows.append(("No sale, drawer opened", String(noSaleOpens)))
        }
        for tax in taxes {
            rows.append(("Tax \(tax.label.isEmpty ? "" : "\(tax.label) ")\(Self.percent(tax.ratePercent))", money(tax.amount)))
        }
        rows += [
            ("Float", money(openingFloat)),
            ("Cash sales", money(cashTaken)),
            ("Cash in", money(cashIn)),
            ("Cash out", money(-cashOut)),
            ("Cash refunds", money(-cashRefunds)),
            ("Expected cash", money(expectedCash)),
        ]
        if let countedCash, let difference {
            rows.append(("Counted cash", money(countedCash)))
            rows.append(("Difference", money(difference)))
        }
        if let cashiers, !cashiers.isEmpty {
            for total in cashiers {
                rows.append(("Cashier \(total.name)", "\(total.salesCount) sales"))
                rows.append(("  Sales", money(total.grossSales)))
                rows.append(("  Cash", money(total.cashTaken)))
                rows.append(("  Card", money(total.cardTaken)))
                rows.append(("  Refunds (\(total.refundCount))", money(total.refunds)))
            }
        }
        if let cashierSwitches, !cashierSwitches.isEmpty {
            rows.append(("Cashier sign-ins", String(cashierSwitches.count)))
            for change in cashierSwitches {
                rows.append(("  Switched to", change.name))
            }
        }
        rows += terminalRows(format: money)
        return rows
    }

    /// The report as receipt markup, for the printer (and stored for reprint).
    public func markup(format: (Money) -> String, timeText: (Date) -> String) -> String {
        var lines = ["@center @bold @double Z REPORT", "@center Opened \(ReceiptMarkup.escape(timeText(openedAt)))"]
        if let closedAt { lines.append("@center Closed \(ReceiptMarkup.escape(timeText(closedAt)))") }
        lines.append("@rule")
        for row in rows(format: format) {
            lines.append("@row \(ReceiptMarkup.escape(row.label))|\(ReceiptMarkup.escape(row.value))")
        }
        lines += ["@rule =", "@cut"]
        return lines.joined(separator: "\n")
    }

    /// "19.0000" → "19 %".
    static func percent(_ text: String) -> String {
        var trimmed = text
        if trimmed.contains(".") {
            while trimmed.hasSuffix("0") { trimmed.removeLast() }
            if trimmed.hasSuffix(".") { trimmed.removeLast() }
        }
        return "\(trimmed) %"
    }
}
