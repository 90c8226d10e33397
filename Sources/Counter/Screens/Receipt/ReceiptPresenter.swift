import Localization
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
        if let shift = response.openedShiftId { status = L10n.tr("receipt.openedShift", ["shift": "\(shift)"]) }
        if response.card?.recovered == true { status = L10n.tr("receipt.recovered") }
        if response.isPrinting { status = L10n.tr("receipt.printing") }
        if let printed = response.printed { status = printed }
        if response.isEmailing { status = L10n.tr("receipt.emailing") }
        if let error = response.error { status = error }
        return ReceiptDataFlow.ViewModel(
            title: L10n.tr(response.isDemo ? "receipt.saved.demo" : "receipt.saved", ["sale": "\(order.localNumber)"]),
            lines: lines, total: order.total.formatted(format),
            tendered: response.tendered.formatted(format), change: response.change.formatted(format),
            card: response.card.map(cardText), slip: response.card?.slip ?? [],
            status: status, isError: response.error != nil,
            prompt: response.emailText.map { L10n.tr("receipt.emailPrompt") + " " + $0 })
    }

    /// A label padded to the screen's label column (11 cells, more for a longer label in the cashier's language).
    static func label(_ text: String) -> String {
        let labels = ["receipt.total", "receipt.cash", "receipt.tendered", "receipt.change", "receipt.card"].map { L10n.tr($0) }
        return TextWidth.padded(text, to: max(11, (labels.map(TextWidth.of).max() ?? 0) + 2))
    }

    private func cardText(_ card: ReceiptDataFlow.CardLine) -> String {
        var parts = [Self.label(L10n.tr("receipt.card")) + card.amount.formatted(format)]
        if let brand = card.brand { parts.append(brand) }
        if let last4 = card.last4 { parts.append("…\(last4)") }
        return parts.joined(separator: " ")
    }
}
