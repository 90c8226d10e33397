import Localization
import Yosemite
/// Turns the login state into strings, masking the password. Pure.
public struct LoginPresenter: Sendable {
    /// Creates a presenter.
    public init() {}

    /// The view model of a response.
    public func viewModel(_ response: LoginDataFlow.Response) -> LoginDataFlow.ViewModel {
        let focused = response.isBusy || response.loggedIn != nil ? nil : response.field
        func row(_ field: LoginDataFlow.Field, _ label: String, _ value: String) -> LoginDataFlow.ViewModel.Row {
            .init(label: label, value: value + (focused == field ? "▏" : ""), isFocused: focused == field,
                  mask: field == .password ? "•" : nil)
        }
        let headline = if let account = response.loggedIn {
            L10n.tr("login.loggedIn", ["site": account.siteURL, "user": account.username])
        } else if response.isDemo {
            L10n.tr("login.headline.demo")
        } else {
            L10n.tr("login.headline")
        }
        var message = response.message
        if response.isBusy { message = L10n.tr("login.checking") }
        return LoginDataFlow.ViewModel(
            headline: headline,
            rows: [row(.siteURL, L10n.tr("login.siteURL"), response.siteURL), row(.username, L10n.tr("login.user"), response.username),
                   row(.password, L10n.tr("login.password"), String(repeating: "•", count: response.password.count))],
            message: message, isError: response.isError && !response.isBusy,
            keyHints: response.loggedIn != nil ? [KeyHint("Esc", L10n.tr("sell.title"))]
                : [KeyHint("Tab", L10n.tr("login.key.nextField")), KeyHint("Enter", L10n.tr("login.key.next")),
                   KeyHint("F2", L10n.tr("login.key.login")), KeyHint("Esc", L10n.tr("keys.back"))])
    }
}
