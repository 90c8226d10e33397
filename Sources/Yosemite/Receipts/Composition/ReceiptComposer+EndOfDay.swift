import Foundation
import Localization
import POSFoundation
import Storage

extension ReceiptComposer {
    /// The end-of-day (Z) report of the orders of one day: count, gross sales, taxes per rate, takings per
    /// payment method, and the cash that should be in the drawer.
    public func endOfDay(_ orders: [ReceiptOrderData], day: Date, printedAt: Date) -> ReceiptViewModel {
        let currency = context.store.currency
        let money = { (value: Int64) in self.context.format(Money(minorUnits: value, currency: currency)) }
        let sales = orders.filter { !["cancelled", "refunded", "failed"].contains($0.order.status) }
        var taxes: [String: (label: String, rate: String, amount: Int64)] = [:]
        var taxOrder: [String] = []
        var methods: [String: Int64] = [:]
        var methodOrder: [String] = []
        var tendered: Int64 = 0, change: Int64 = 0, cash: Int64 = 0
        for data in sales {
            for tax in data.taxes {
                let key = "\(tax.label)|\(tax.ratePercent)"
                if taxes[key] == nil { taxOrder.append(key) }
                taxes[key, default: (tax.label, context.strings.percent(tax.ratePercent), 0)].amount += tax.taxTotal + tax.shippingTaxTotal
            }
            for payment in data.payments {
                let t = context.strings
                let name = payment.method == .card ? t.tr("receipt.method.card")
                    : payment.method == .cash ? t.tr("receipt.method.cash") : t.tr("receipt.method.other")
                if methods[name] == nil { methodOrder.append(name) }
                methods[name, default: 0] += payment.amount
                if payment.method == .cash {
                    cash += payment.amount
                    tendered += payment.tendered ?? payment.amount
                    change += payment.change ?? 0
                }
            }
        }
        let (dayText, _) = context.dateAndTime(day)
        let (printedDate, printedTime) = context.dateAndTime(printedAt)
        let report = ReceiptViewModel.EndOfDay(
            day: dayText,
            printedAt: "\(printedDate) \(printedTime)",
            orderCount: String(sales.count),
            grossSales: money(sales.reduce(0) { $0 + $1.order.total }),
            taxes: taxOrder.compactMap { taxes[$0] }.map { .init(label: $0.label, rate: $0.rate, amount: money($0.amount)) },
            paymentMethods: methodOrder.map { .init(label: $0, amount: money(methods[$0] ?? 0)) },
            cashTendered: money(tendered),
            cashChange: money(change),
            cashInDrawer: money(cash),
            refundCount: String(orders.count - sales.count),
            firstOrder: sales.first.map { String($0.order.localNumber) },
            lastOrder: sales.last.map { String($0.order.localNumber) }
        )
        return ReceiptViewModel(
            store: header, title: context.strings.tr("receipt.title.endOfDay"), copyMark: nil, order: emptyOrderInfo, lines: [],
            totals: emptyTotals(currency), payments: [], cards: [], refund: nil, endOfDay: report, qrPayload: nil,
            footer: [], openDrawer: false, language: context.language
        )
    }
}
