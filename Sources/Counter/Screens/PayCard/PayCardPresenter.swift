import Localization
import POSFoundation
import Yosemite

/// Turns the card payment state into strings. Pure.
public struct PayCardPresenter: Sendable {
    public let format: MoneyFormat

    /// A presenter for the store's money format.
    public init(format: MoneyFormat) {
        self.format = format
    }

    /// The view model of a response.
    public func viewModel(_ response: PayCardDataFlow.Response) -> PayCardDataFlow.ViewModel {
        let back = KeyHint("Esc", L10n.tr("keys.backToCart"))
        let cashInstead = KeyHint("F12", L10n.tr("paycard.key.cashInstead"))
        var model = PayCardDataFlow.ViewModel(
            heading: response.cash == nil ? L10n.tr("paycard.heading") : L10n.tr("paycard.heading.split"),
            due: response.total.formatted(format), cash: response.cash?.formatted(format),
            card: response.cardAmount.formatted(format), order: response.orderNumber.map { L10n.tr("paycard.saleOpen", ["sale": "\($0)"]) },
            prompt: nil, status: "", detail: nil, role: .normal, keyHints: [])
        // The terminal's display is live only while it works on the payment: after it ends ("Waiting for the payment
        // host" before a decline) its last text would contradict the outcome.
        switch response.phase {
        case .waiting, .cancelling: model.prompt = response.prompts.last?.text
        default: break
        }
        switch response.phase {
        case .ready:
            model.status = L10n.tr("paycard.ready", ["amount": model.card])
            model.keyHints = [KeyHint("Enter", L10n.tr("paycard.key.pay")), cashInstead, back]
        case .opening:
            model.status = L10n.tr("paycard.opening")
        case .waiting:
            model.status = L10n.tr("paycard.waiting")
            model.prompt = model.prompt ?? L10n.tr("paycard.waiting.prompt")
            model.keyHints = [KeyHint("Esc/F10", L10n.tr("paycard.key.cancel"))]
        case .cancelling:
            model.status = L10n.tr("paycard.cancelling")
        case .declined(let reason, let suggestion):
            model.status = reason
            model.detail = L10n.tr("paycard.nothingCharged") + " " + suggestion
            model.role = .error
            model.keyHints = [KeyHint("Enter", L10n.tr("paycard.key.retryAnotherCard")), cashInstead, back]
        case .unknown(let reason):
            model.status = L10n.tr("paycard.unknown", ["reason": reason])
            model.detail = L10n.tr("paycard.unknown.detail")
            model.role = .error
            model.keyHints = [KeyHint("F8", L10n.tr("paycard.key.askAgain")), KeyHint("Esc", L10n.tr("paycard.key.leaveUnresolved"))]
        case .resolving:
            model.status = L10n.tr("paycard.resolving")
        case .failed(let message):
            model.status = message
            model.detail = L10n.tr("paycard.nothingCharged")
            model.role = .error
            model.keyHints = [KeyHint("Enter", L10n.tr("paycard.key.retry")), cashInstead, back]
        case .approved:
            model.status = L10n.tr("paycard.approved")
            model.role = .success
        }
        return model
    }
}
