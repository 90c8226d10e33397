import Foundation
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
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        func time(_ date: Date) -> String {
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
            return String(format: "%04d-%02d-%02d %02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
                          parts.hour ?? 0, parts.minute ?? 0)
        }
        let rows = response.orders.enumerated().map { index, order in
            OrdersDataFlow.ViewModel.Row(
                number: "\(order.localNumber)", time: time(order.createdAt),
                items: Words.count(order.itemCount, "item"),
                total: order.total.formatted(format), tender: order.tender,
                refund: order.refunded.minorUnits == 0 ? ""
                    : order.refundable.minorUnits == 0 ? "refunded" : "partly",
                sync: order.syncState,
                isSelected: index == response.selected)
        }
        var detail: [String]?
        if response.showsDetail, response.orders.indices.contains(response.selected) {
            let order = response.orders[response.selected]
            detail = ["Order \(order.localNumber)  \(order.clientUUID)"]
                + order.lines.map { "\($0.quantity) × \($0.name)  \($0.amount.formatted(format))" }
                + order.couponCodes.map { "Coupon \($0)" }
                + order.payments.map { "Paid \($0.method) \($0.amount.formatted(format))" }
                + ["Total \(order.total.formatted(format))"]
                + (order.refunded.minorUnits == 0 ? [] : ["Refunded \(order.refunded.formatted(format))"
                    + (order.refundable.minorUnits == 0 ? " (all of it)" : ", \(order.refundable.formatted(format)) left")])
                + (order.remoteNumber.map { ["Store order #\($0)"] } ?? [])
                + (order.parkedReason.map { ["Parked: \($0)"] } ?? [])
        }
        let empty: String? = response.isLoading ? "Loading…"
            : response.orders.isEmpty ? (response.query.isEmpty ? "No orders on this counter yet." : "No order matches \(response.query).") : nil
        var prompt: String?
        var isQuestion = false
        if let text = response.refundText, response.orders.indices.contains(response.selected) {
            let order = response.orders[response.selected]
            if let amount = response.refundToConfirm {
                let how = order.refundsToCard ? "to the card on the terminal" : "in cash"
                prompt = "Refund \(amount.formatted(format)) \(how) for order \(order.localNumber)? Enter: refund  Esc: keep"
                isQuestion = true
            } else {
                prompt = "Refund order \(order.localNumber) (Enter alone: all of \(order.refundable.formatted(format))): \(text)"
            }
        }
        return OrdersDataFlow.ViewModel(query: response.query, rows: rows, detail: detail, empty: empty,
                                        message: response.message, isError: response.isError, prompt: prompt,
                                        isQuestion: isQuestion)
    }
}
