import Localization
import Yosemite

/// Keeps the login screen's state and logs in through the ``StoresManager``: the real `AccountAction.login`
/// checks the site and the credentials, the session moves to the store (the demo marker goes, as with
/// `pos login`), and the shell rebuilds its screens for the store's settings.
@MainActor
public final class LoginInteractor {
    public private(set) var response = LoginDataFlow.Response()
    var present: (LoginDataFlow.Response) -> Void = { _ in }
    private let context: CounterContext

    /// Creates the interactor.
    public init(context: CounterContext) {
        self.context = context
        response.isDemo = context.stores.isDemo
        if let account = context.stores.account {
            response.siteURL = account.siteURL
            response.username = account.username
        }
    }

    /// Handles one request.
    public func handle(_ request: LoginDataFlow.Request) {
        guard !response.isBusy else { return }
        if response.loggedIn != nil {
            if request == .escapePressed { context.router?.show(.sell) }
            return
        }
        switch request {
        case .typed(let character): edit { $0.append(character) }
        case .backspace: edit { _ = $0.popLast() }
        case .nextField: response.field = LoginDataFlow.Field(rawValue: (response.field.rawValue + 1) % 3) ?? .siteURL
        case .previousField: response.field = LoginDataFlow.Field(rawValue: (response.field.rawValue + 2) % 3) ?? .siteURL
        case .enterPressed:
            if response.field == .password { logIn() } else { response.field = LoginDataFlow.Field(rawValue: response.field.rawValue + 1) ?? .password }
        case .loginKeyPressed: logIn()
        case .escapePressed: context.router?.show(.menu); return
        }
        present(response)
    }

    private func edit(_ change: (inout String) -> Void) {
        switch response.field {
        case .siteURL: change(&response.siteURL)
        case .username: change(&response.username)
        case .password: change(&response.password)
        }
    }

    private func logIn() {
        guard !response.siteURL.isEmpty, !response.username.isEmpty, !response.password.isEmpty else {
            response.message = L10n.tr("login.fillIn")
            response.isError = true
            return
        }
        response.isBusy = true
        response.message = nil
        response.isError = false
        let stores = context.stores
        let (site, user, password) = (response.siteURL, response.username, response.password)
        Task {
            do throws(AccountError) {
                let (account, settings) = try await stores.login(siteURL: site, username: user, applicationPassword: password)
                response.password = ""
                response.loggedIn = account
                response.isDemo = false
                response.message = L10n.tr("login.done", ["store": settings.storeName])
                response.isBusy = false
                present(response)
                context.sessionChanged(settings)
            } catch {
                response.isBusy = false
                response.message = "\(error.message) \(error.recoverySuggestion)"
                response.isError = true
                present(response)
            }
        }
    }
}
