import Foundation
import Localization
import POSFoundation
import Yosemite

/// Turns the order history into strings. Pure (the time zone is injected).
public struct OrdersPresenter: Sendable {
    public let format: MoneyFormat
    public let timeZone: TimeZone

    /// A presenter for the store's money format.
    public init(format: MoneyFormat, timeZone: TimeZone = .current) {
        self.format = format
        self.timeZone = timeZone
    }

    /// The view model of a response.
    public func viewModel(_ response: OrdersDataFlow.Response) -> OrdersDataFlow.ViewModel {
        // The one local date and time of each language: "2026-11-21 14:05", DIN 5008's "21.11.2026 14:05".
        func time(_ date: Date) -> String { L10n.dateTime(date, in: timeZone) }
        let rows = response.orders.enumerated().map { index, order in
            OrdersDataFlow.ViewModel.Row(
                number: "\(order.localNumber)", time: time(order.createdAt),
                items: L10n.plural("common.items", count: order.itemCount),
                total: order.total.formatted(format), tender: Self.tender(order.tender),
                refund: order.refunded.minorUnits == 0 ? ""
                    : order.refundable.minorUnits == 0 ? L10n.tr("orders.refund.full") : L10n.tr("orders.refund.partly"),
                sync: order.syncWord(inDemo: response.isDemo),
                isSelected: index == response.selected)
        }
        var detail: [String]?
        if response.showsDetail, response.orders.indices.contains(response.selected) {
            let order = response.orders[response.selected]
            let paid: [String] = order.payments.map {
                L10n.tr("orders.detail.paid", ["method": L10n.word(.paymentMethod, $0.method), "amount": $0.amount.formatted(format)])
            }
            detail = [L10n.tr("orders.detail.order", ["order": "\(order.localNumber)", "uuid": "\(order.clientUUID)"])]
                + order.lines.map { "\($0.quantity) × \($0.name)  \($0.amount.formatted(format))" }
                + order.couponCodes.map { L10n.tr("orders.detail.coupon", ["code": $0]) }
                + paid
                + [L10n.tr("orders.detail.total", ["amount": order.total.formatted(format)])]
                + (order.refunded.minorUnits == 0 ? [] : [order.refundable.minorUnits == 0
                    ? L10n.tr("orders.detail.refundedAll", ["amount": order.refunded.formatted(format)])
                    : L10n.tr("orders.detail.refundedPart", ["amount": order.refunded.formatted(format),
                                                             "left": order.refundable.formatted(format)])])
                + (order.remoteNumber.map { [L10n.tr("orders.detail.storeOrder", ["number": "\($0)"])] } ?? [])
                + (order.parkedReason.map { [L10n.tr("orders.detail.parked", ["reason": $0])] } ?? [])
        }
        let empty: String? = response.isLoading ? L10n.tr("common.loading")
            : response.orders.isEmpty ? (response.query.isEmpty ? L10n.tr("orders.empty")
                : L10n.tr("orders.noMatch", ["query": response.query])) : nil
        var prompt: String?
        var isQuestion = false
        if let text = response.refundText, response.orders.indices.contains(response.selected) {
            let order = response.orders[response.selected]
            if let plan = response.refundToConfirm {
                prompt = L10n.tr(plan.method == .card ? "orders.refund.confirm.card" : "orders.refund.confirm.cash",
                                 ["amount": plan.amount.formatted(format), "order": "\(order.localNumber)"])
                isQuestion = true
            } else {
                if let plan = response.refundDefault, plan.method == .card, plan.amount < order.refundable {
                    prompt = L10n.tr("orders.refund.amount.cardFirst", [
                        "order": "\(order.localNumber)", "card": plan.amount.formatted(format),
                    ]) + " " + text
                } else {
                    prompt = L10n.tr("orders.refund.amount", ["order": "\(order.localNumber)",
                                                              "all": order.refundable.formatted(format)]) + " " + text
                }
            }
        }
        return OrdersDataFlow.ViewModel(query: response.query, rows: rows, detail: detail, empty: empty,
                                        message: response.message, isError: response.isError, prompt: prompt,
                                        isQuestion: isQuestion)
    }

    /// How an order was paid ("cash", "card", "cash+card", "unpaid"), each method in the screen's language.
    static func tender(_ methods: String) -> String {
        methods.split(separator: "+").map { L10n.word(.paymentMethod, String($0)) }.joined(separator: "+")
    }
}
