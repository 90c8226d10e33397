import Yosemite
/// Turns the login state into strings, masking the password. Pure.
public struct LoginPresenter: Sendable {
    /// Creates a presenter.
    public init() {}

    /// The view model of a response.
    public func viewModel(_ response: LoginDataFlow.Response) -> LoginDataFlow.ViewModel {
        let focused = response.isBusy || response.loggedIn != nil ? nil : response.field
        func row(_ field: LoginDataFlow.Field, _ label: String, _ value: String) -> LoginDataFlow.ViewModel.Row {
            .init(label: label, value: value + (focused == field ? "▏" : ""), isFocused: focused == field)
        }
        let headline = if let account = response.loggedIn {
            "Logged in to \(account.siteURL) as \(account.username)."
        } else if response.isDemo {
            "Log in to a WooCommerce store (the demo store and its sales are left behind)."
        } else {
            "Log in to a WooCommerce store."
        }
        var message = response.message
        if response.isBusy { message = "Checking the site and the credentials…" }
        return LoginDataFlow.ViewModel(
            headline: headline,
            rows: [row(.siteURL, "Site URL", response.siteURL), row(.username, "User", response.username),
                   row(.password, "Application password", String(repeating: "•", count: response.password.count))],
            message: message, isError: response.isError && !response.isBusy,
            keyHints: response.loggedIn != nil ? [KeyHint("Esc", "Sell")]
                : [KeyHint("Tab", "Next field"), KeyHint("Enter", "Next / Log in"), KeyHint("F2", "Log in"), KeyHint("Esc", "Back")])
    }
}
