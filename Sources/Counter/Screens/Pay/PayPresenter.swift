import Localization
import POSFoundation

/// Turns the pay state into strings. Pure.
public struct PayPresenter: Sendable {
    public let format: MoneyFormat

    /// A presenter for the store's money format.
    public init(format: MoneyFormat) {
        self.format = format
    }

    /// The view model of a response.
    public func viewModel(_ response: PayDataFlow.Response) -> PayDataFlow.ViewModel {
        var change: String?
        var status: String?
        var isError = false
        if let tendered = response.tendered {
            let difference = tendered.minorUnits - response.total.minorUnits
            if difference >= 0 {
                change = Money(minorUnits: difference, currency: response.total.currency).formatted(format)
            } else {
                status = L10n.tr("pay.short", ["amount": Money(minorUnits: -difference, currency: response.total.currency).formatted(format)])
                isError = true
            }
        } else if !response.tenderedText.isEmpty {
            status = L10n.tr("pay.notAnAmount", ["text": response.tenderedText])
            isError = true
        }
        if response.isCompleting { status = L10n.tr("pay.saving"); isError = false }
        if let error = response.error { status = error; isError = true }
        return PayDataFlow.ViewModel(
            due: response.total.formatted(format),
            tendered: response.tenderedText.isEmpty ? L10n.tr("pay.exact") : response.tenderedText,
            change: change ?? (response.tenderedText.isEmpty ? Money(minorUnits: 0, currency: response.total.currency).formatted(format) : nil),
            status: status, isError: isError)
    }
}
