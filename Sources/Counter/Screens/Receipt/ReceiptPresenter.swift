import POSFoundation
import Yosemite

/// Turns the receipt state into strings. Pure.
public struct ReceiptPresenter: Sendable {
    public let format: MoneyFormat

    /// A presenter for the store's money format.
    public init(format: MoneyFormat) {
        self.format = format
    }

    /// The view model of a response.
    public func viewModel(_ response: ReceiptDataFlow.Response) -> ReceiptDataFlow.ViewModel {
        let order = response.order
        let lines = order.lines.map { line in
            "\(line.quantity) × \(line.name)"
        }
        var status: String?
        if let shift = response.openedShiftId { status = "No shift was open: this sale opened shift \(shift) (float 0; F8 on the cart shows it)." }
        if response.card?.recovered == true { status = "The approval of the earlier attempt paid this order: recorded once, no new charge." }
        if response.isPrinting { status = "Printing…" }
        if let printed = response.printed { status = printed }
        if response.isEmailing { status = "Emailing…" }
        if let error = response.error { status = error }
        return ReceiptDataFlow.ViewModel(
            title: response.isDemo ? "Sale \(order.localNumber) saved (demo: never sent to a store)"
                : "Sale \(order.localNumber) saved — waiting to sync",
            lines: lines, total: order.total.formatted(format),
            tendered: response.tendered.formatted(format), change: response.change.formatted(format),
            card: response.card.map(cardText), slip: response.card?.slip ?? [],
            status: status, isError: response.error != nil,
            prompt: response.emailText.map { "Email the receipt to (saved as the order's billing email): \($0)" })
    }

    private func cardText(_ card: ReceiptDataFlow.CardLine) -> String {
        var parts = ["Card:      \(card.amount.formatted(format))"]
        if let brand = card.brand { parts.append(brand) }
        if let last4 = card.last4 { parts.append("…\(last4)") }
        return parts.joined(separator: " ")
    }
}
