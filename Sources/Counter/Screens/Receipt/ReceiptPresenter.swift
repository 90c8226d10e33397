import POSFoundation

/// Turns the receipt state into strings. Pure.
public struct ReceiptPresenter: Sendable {
    public let format: MoneyFormat

    /// A presenter for the store's money format.
    public init(format: MoneyFormat) {
        self.format = format
    }

    /// The view model of a response.
    public func viewModel(_ response: ReceiptDataFlow.Response) -> ReceiptDataFlow.ViewModel {
        let order = response.sale.order
        let lines = order.detail.lines.map { line in
            "\(line.quantity) × \(line.name)"
        }
        var status: String?
        if response.isPrinting { status = "Printing…" }
        if let printed = response.printed { status = printed }
        if let error = response.error { status = error }
        return ReceiptDataFlow.ViewModel(
            title: "Sale \(order.localNumber) saved — waiting to sync",
            lines: lines, total: order.total.formatted(format),
            tendered: response.sale.tendered.formatted(format), change: response.sale.change.formatted(format),
            status: status, isError: response.error != nil)
    }
}
