import Foundation
import Hardware
import Localization
import POSFoundation

extension ZReport {
    /// The report as label/value rows, formatted with `format` (the store's money format); the counter's shift
    /// screen, `pos shift report` and the printed report all show these rows.
    public func rows(format: (Money) -> String, strings t: Strings = .of(.english)) -> [(label: String, value: String)] {
        func money(_ value: Int64) -> String { format(Money(minorUnits: value, currency: currency)) }
        var rows: [(String, String)] = [
            (t.tr("z.shift"), "#\(shiftId)\(cashier.isEmpty ? "" : " · \(cashier)")"),
        ]
        if let register { rows.append((t.tr("z.register"), register)) }
        rows += [
            (t.tr("z.sales"), String(salesCount)),
            (t.tr("z.orders"), firstOrder.map { first in "\(first) – \(lastOrder ?? first)" } ?? t.tr("z.orders.none")),
            (t.tr("z.grossSales"), money(grossSales)),
        ]
        for total in tenders {
            rows.append(("  " + t.tr("z.tender." + total.tender.rawValue) + " (\(total.count))", money(total.amount)))
        }
        rows.append((t.tr("z.refunds", ["count": String(refundCount)]), money(refunds)))
        if let trainingSales, trainingSales > 0 {
            rows.append((t.tr("z.trainingSales"), String(trainingSales)))
        }
        if terminalWithoutSale.count > 0 {
            rows.append((t.tr("z.terminalNoSale", ["count": String(terminalWithoutSale.count)]), money(terminalWithoutSale.net)))
        }
        if let noSaleOpens, noSaleOpens > 0 {
            rows.append((t.tr("z.noSaleOpens"), String(noSaleOpens)))
        }
        for tax in taxes {
            rows.append((t.tr("z.tax") + " \(tax.label.isEmpty ? "" : "\(tax.label) ")\(t.percent(tax.ratePercent))", money(tax.amount)))
        }
        rows += [
            (t.tr("z.float"), money(openingFloat)),
            (t.tr("z.cashSales"), money(cashTaken)),
            (t.tr("z.cashIn"), money(cashIn)),
            (t.tr("z.cashOut"), money(-cashOut)),
            (t.tr("z.cashRefunds"), money(-cashRefunds)),
            (t.tr("z.expectedCash"), money(expectedCash)),
        ]
        if let countedCash, let difference {
            rows.append((t.tr("z.countedCash"), money(countedCash)))
            rows.append((t.tr("z.difference"), money(difference)))
        }
        if let cashiers, !cashiers.isEmpty {
            for total in cashiers {
                rows.append((t.tr("z.cashier", ["name": total.name]), t.plural("z.cashier.sales", count: total.salesCount)))
                rows.append(("  " + t.tr("z.sales"), money(total.grossSales)))
                rows.append(("  " + t.tr("z.tender.cash"), money(total.cashTaken)))
                rows.append(("  " + t.tr("z.tender.card"), money(total.cardTaken)))
                rows.append(("  " + t.tr("z.refunds", ["count": String(total.refundCount)]), money(total.refunds)))
            }
        }
        if let cashierSwitches, !cashierSwitches.isEmpty {
            rows.append((t.tr("z.cashierSignIns"), String(cashierSwitches.count)))
            for change in cashierSwitches {
                rows.append(("  " + t.tr("z.switchedTo"), change.name))
            }
        }
        rows += terminalRows(format: money, strings: t)
        return rows
    }

    /// The report as receipt markup, for the printer (and stored for reprint).
    public func markup(format: (Money) -> String, timeText: (Date) -> String, strings t: Strings = .of(.english)) -> String {
        var lines = ["@center @bold @double " + ReceiptMarkup.escape(t.tr("z.title")),
                     "@center " + ReceiptMarkup.escape(t.tr("z.opened", ["time": timeText(openedAt)]))]
        if let closedAt { lines.append("@center " + ReceiptMarkup.escape(t.tr("z.closed", ["time": timeText(closedAt)]))) }
        lines.append("@rule")
        for row in rows(format: format, strings: t) {
            lines.append("@row \(ReceiptMarkup.escape(row.label))|\(ReceiptMarkup.escape(row.value))")
        }
        lines += ["@rule =", "@cut"]
        return lines.joined(separator: "\n")
    }

}
