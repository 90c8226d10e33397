import Foundation
import POSFoundation
import Storage

/// Computes a ``ZReport`` from a shift, its cash movements, the orders created while it was open and the refunds
/// queued in that time. A sale belongs to the shift by time: created at or after `openedAt` and before `closedAt`
/// (or now, while open). Pure: tests feed it records.
enum ZReportCalculator {
    /// A refund queued during the shift: its amount and whether it went back in cash.
    struct Refund: Hashable, Sendable {
        var amount: Int64
        var isCash: Bool
    }

    static let excludedStatuses: Set<String> = ["cancelled", "failed", "checkout-draft"]

    static func report(
        shift: ShiftRecord, movements: [CashMovementRecord], orders: [ReceiptOrderData], refunds: [Refund],
        countedCash: Int64?, closedAt: Date?
    ) -> ZReport {
        var tenders = Dictionary(uniqueKeysWithValues: ZReport.Tender.allCases.map { ($0, (count: 0, amount: Int64(0))) })
        var taxes: [ZReport.TaxTotal] = []
        var cash: Int64 = 0, card: Int64 = 0, gross: Int64 = 0
        // Training sales are practice: listed by count, never in the takings.
        let sales = orders.filter { !excludedStatuses.contains($0.order.status) && !$0.payments.isEmpty && !$0.order.training }
        let training = orders.filter { $0.order.training && $0.order.state == .completed }.count
        for data in sales {
            let methods = Set(data.payments.map(\.method))
            let tender: ZReport.Tender = methods == [.cash] ? .cash : methods == [.card] ? .card : .split
            tenders[tender, default: (0, 0)].count += 1
            tenders[tender, default: (0, 0)].amount += data.order.total
            gross += data.order.total
            for payment in data.payments {
                switch payment.method {
                case .cash: cash += payment.amount
                case .card: card += payment.amount
                case .other: break
                }
            }
            for tax in data.taxes {
                let amount = tax.taxTotal + tax.shippingTaxTotal
                if let index = taxes.firstIndex(where: { $0.label == tax.label && $0.ratePercent == tax.ratePercent }) {
                    taxes[index].amount += amount
                } else {
                    taxes.append(.init(label: tax.label, ratePercent: tax.ratePercent, amount: amount))
                }
            }
        }
        let cashIn = movements.filter { $0.kind == .cashIn }.reduce(Int64(0)) { $0 + $1.amount }
        let cashOut = movements.filter { $0.kind == .cashOut }.reduce(Int64(0)) { $0 + $1.amount }
        let cashRefunds = refunds.filter(\.isCash).reduce(Int64(0)) { $0 + $1.amount }
        let numbers = sales.map(\.order.localNumber)
        var report = ZReport(
            shiftId: shift.id ?? 0, cashier: shift.cashier, currency: shift.currency, openedAt: shift.openedAt,
            closedAt: closedAt, salesCount: sales.count, grossSales: gross,
            tenders: ZReport.Tender.allCases.map { .init(tender: $0, count: tenders[$0]?.count ?? 0, amount: tenders[$0]?.amount ?? 0) },
            cashTaken: cash, cardTaken: card, refundCount: refunds.count,
            refunds: refunds.reduce(Int64(0)) { $0 + $1.amount }, cashRefunds: cashRefunds, taxes: taxes,
            openingFloat: shift.openingFloat, cashIn: cashIn, cashOut: cashOut,
            expectedCash: shift.openingFloat + cash + cashIn - cashOut - cashRefunds, countedCash: countedCash,
            firstOrder: numbers.min(), lastOrder: numbers.max()
        )
        report.trainingSales = training
        return report
    }

    /// Per-cashier totals: paid sales by the order's cashier, refunds by the cashier signed in when each was
    /// queued (`signIns` oldest first). Cashiers appear in order of first sign-in, then any other seller.
    static func perCashier(orders: [ReceiptOrderData], refunds: [(at: Date, refund: Refund)],
                           signIns: [CashierSignInRecord]) -> [ZReport.CashierTotal] {
        var totals: [ZReport.CashierTotal] = []
        func index(_ name: String) -> Int {
            if let found = totals.firstIndex(where: { $0.name == name }) { return found }
            totals.append(ZReport.CashierTotal(name: name))
            return totals.count - 1
        }
        for signIn in signIns { _ = index(signIn.cashierName) }
        for data in orders where !excludedStatuses.contains(data.order.status) && !data.payments.isEmpty && !data.order.training {
            let at = index(data.order.cashier ?? "")
            totals[at].salesCount += 1
            totals[at].grossSales += data.order.total
            for payment in data.payments {
                switch payment.method {
                case .cash: totals[at].cashTaken += payment.amount
                case .card: totals[at].cardTaken += payment.amount
                case .other: break
                }
            }
        }
        for (time, refund) in refunds {
            let who = signIns.last(where: { $0.signedInAt <= time })?.cashierName ?? ""
            let at = index(who)
            totals[at].refundCount += 1
            totals[at].refunds += refund.amount
        }
        return totals
    }
}
