import Localization
import POSFoundation
import Yosemite

/// Turns the sell screen's state into strings: pure, tested by value.
public struct SellPresenter: Sendable {
    public let format: MoneyFormat
    public let pricesIncludeTax: Bool

    /// A presenter for the store's money format.
    public init(format: MoneyFormat, pricesIncludeTax: Bool) {
        self.format = format
        self.pricesIncludeTax = pricesIncludeTax
    }

    /// The view model of a response.
    public func viewModel(_ response: SellDataFlow.Response) -> SellDataFlow.ViewModel {
        let currency = response.currency
        func money(_ minor: Int64) -> String { Money(minorUnits: minor, currency: currency).formatted(format) }
        // The checkout's calculator amounts, never arithmetic of its own ("…" until the line is priced).
        let rows = response.lines.enumerated().map { index, line in
            SellDataFlow.ViewModel.Row(
                quantity: "\(line.quantity)", name: (line.discount.map { "\(line.name) (−\($0))" } ?? line.name)
                    + (line.weighed.map { "  \($0)" } ?? ""), amount: line.amount.map { $0.formatted(format) } ?? "…",
                isSelected: index == response.selectedLine)
        }
        let results: [SellDataFlow.ViewModel.Result]
        var resultsTitle = L10n.tr("sell.results.found")
        if response.prompt == .customer {
            resultsTitle = L10n.tr("sell.results.customers")
            results = response.customerResults.enumerated().map { index, customer in
                SellDataFlow.ViewModel.Result(name: customer.displayName + (customer.detail.isEmpty ? "" : " · " + customer.detail), detail: customer.detail, price: "#\(customer.id)",
                                              isSelected: index == response.selectedCustomer)
            }
        } else if let parked = response.parked {
            results = parked.enumerated().map { index, sale in
                SellDataFlow.ViewModel.Result(
                    name: L10n.tr("sell.parked", ["name": sale.name ?? String(sale.id)]),
                    detail: L10n.plural("common.items", count: sale.itemCount),
                    price: sale.total.formatted(format), isSelected: index == response.selectedParked)
            }
        } else {
            results = response.results.enumerated().map { index, item in
                SellDataFlow.ViewModel.Result(
                    name: item.name, detail: item.product.type == "variable" && item.variation == nil ? L10n.tr("sell.variations") : (item.sku ?? ""),
                    price: item.price(in: currency).map { $0.formatted(format) } ?? "—", isSelected: index == response.selectedResult)
            }
        }
        var adjustments: [String] = []
        if let coupon = response.coupon { adjustments.append(L10n.tr("sell.adjustment.coupon", ["code": coupon.uppercased()])) }
        if let text = response.discountText { adjustments.append(L10n.tr("sell.adjustment.discount", ["discount": text])) }
        if let customer = response.customerId {
            adjustments.append(L10n.tr("sell.adjustment.customer", ["customer": response.customerName ?? "#\(customer)"]))
        }
        let count = response.lines.reduce(0) { $0 + $1.quantity }
        let totals = response.totals
        let gross = response.lines.reduce(Int64(0)) { $0 + ($1.subtotal?.minorUnits ?? 0) }
        var discount: String?
        if let totals, totals.discountTotal != 0 {
            let amount = totals.discountTotal + (pricesIncludeTax ? totals.discountTax : 0)
            discount = "−" + money(amount)
        }
        return SellDataFlow.ViewModel(
            query: response.query, rows: rows, results: results, resultsTitle: resultsTitle,
            preview: response.preview.map { Array($0.dropFirst(response.previewOffset)) }, adjustments: adjustments.joined(separator: " · "),
            itemCount: L10n.plural("common.items", count: count),
            subtotal: money(gross), discount: discount, tax: money(totals?.totalTax ?? 0),
            total: money(totals?.total ?? (response.lines.isEmpty ? 0 : gross)),
            prompt: response.prompt.map { Self.label($0) + response.promptText },
            promptWithoutHint: response.prompt.map { Self.label($0, withHint: false) + response.promptText },
            message: response.message, isEmpty: response.lines.isEmpty)
    }

    /// A prompt's label; `withHint: false` leaves out a format hint (the manual item's "— price[, tax class…]").
    static func label(_ prompt: SellDataFlow.Prompt, withHint: Bool = true) -> String {
        switch prompt {
        case .quantity: L10n.tr("sell.prompt.quantity") + " "
        case .discount: L10n.tr("sell.prompt.discount") + " "
        case .lineDiscount: L10n.tr("sell.prompt.lineDiscount") + " "
        case .coupon: L10n.tr("sell.prompt.coupon") + " "
        case .customer: L10n.tr("sell.prompt.customer") + " "
        case .parkName: L10n.tr("sell.prompt.parkName") + " "
        case .manualItem(let code, let offline):
            (code.isEmpty ? L10n.tr("sell.prompt.manualItem")
                : L10n.tr(offline ? "sell.prompt.manualItem.notInCatalogOffline" : "sell.prompt.manualItem.notInCatalog", ["code": code]))
                + (withHint ? " " + L10n.tr("sell.prompt.manualItem.format") : ":") + " "
        }
    }
}
