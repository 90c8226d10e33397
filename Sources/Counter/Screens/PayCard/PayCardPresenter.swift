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
        let back = KeyHint("Esc", "Back to cart")
        var model = PayCardDataFlow.ViewModel(
            heading: response.cash == nil ? "Card payment" : "Split payment: cash and card",
            due: response.total.formatted(format), cash: response.cash?.formatted(format),
            card: response.cardAmount.formatted(format), order: response.orderNumber.map { "Sale \($0) open" },
            prompt: response.prompts.last?.text, status: "", detail: nil, role: .normal, keyHints: [])
        switch response.phase {
        case .ready:
            model.status = "Press Enter to send \(model.card) to the card terminal."
            model.keyHints = [KeyHint("Enter", "Pay by card"), KeyHint("F12", "Cash instead"), back]
        case .opening:
            model.status = "Saving the order…"
        case .waiting:
            model.status = "The terminal has the payment: follow its prompts."
            model.prompt = model.prompt ?? "Waiting for the terminal…"
            model.keyHints = [KeyHint("Esc/F10", "Cancel on the terminal")]
        case .cancelling:
            model.status = "Asking the terminal to cancel… (if the card was already read, it may still complete)"
        case .declined(let reason, let suggestion):
            model.status = reason
            model.detail = "Nothing was charged. \(suggestion)"
            model.role = .error
            model.keyHints = [KeyHint("Enter", "Try again / another card"), KeyHint("F12", "Cash instead"), back]
        case .unknown(let reason):
            model.status = "Check the terminal: it did not confirm the payment (\(reason))."
            model.detail = "The card may have been charged. Do NOT charge again: F8 asks the terminal and records an "
                + "earlier approval once; it never starts a second charge while the first is unresolved."
            model.role = .error
            model.keyHints = [KeyHint("F8", "Ask the terminal again"), KeyHint("Esc", "Leave unresolved (Readers F8 later)")]
        case .resolving:
            model.status = "Asking the terminal what happened to the earlier attempt…"
        case .failed(let message):
            model.status = message
            model.detail = "Nothing was charged."
            model.role = .error
            model.keyHints = [KeyHint("Enter", "Try again"), KeyHint("F12", "Cash instead"), back]
        case .approved:
            model.status = "Approved."
            model.role = .success
        }
        return model
    }
}
