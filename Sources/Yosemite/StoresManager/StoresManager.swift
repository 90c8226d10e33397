import Foundation
import Logging
import Networking
import POSFoundation
import Storage

/// The app's session as a state machine, and the one door to the stores.
///
/// It starts logged out, or logged in when the data directory holds saved credentials. ``login(siteURL:username:
/// applicationPassword:)`` moves to the authenticated state only after the site and credentials check out;
/// ``logout(force:)`` moves back only after the store's local data is wiped, which it refuses while sales or
/// payments are not yet safe on the server (unless forced). Each state builds its own dispatcher and stores.
///
/// ```swift
/// let manager = StoresManager(environment: environment)
/// let (account, settings) = try await manager.login(siteURL: "https://shop.example", username: "ann", applicationPassword: p)
/// let saved = try await manager.dispatch { SettingAction.loadStoreSettings(reply: $0) }   // StoreSettings?, throws(SettingError)
/// ```
@MainActor
public final class StoresManager {
    /// The current state; the one left is torn down (its event stream ends, its background sync stops).
    public private(set) var state: SessionState {
        didSet { oldValue.tearDown() }
    }
    /// The dependencies every state is built from (internal: fronts see stores and actions only).
    let environment: AppEnvironment
    private let onUnhandledAction: Dispatcher.UnhandledActionHandler

    /// Creates the manager, restoring a saved session from the data directory when there is one.
    ///
    /// - Parameter onUnhandledAction: Told of an action no store of the current state handles, before its dispatch
    ///   throws the domain's ``ActionFailure/unhandled(_:)``; by default the environment's logger notes it (debug).
    public init(environment: AppEnvironment, onUnhandledAction: Dispatcher.UnhandledActionHandler? = nil) {
        self.environment = environment
        let logger = environment.logger
        self.onUnhandledAction = onUnhandledAction ?? { action in
            logger.debug("No store handles \(type(of: action)) in this session state")
        }
        state = .deauthenticated(DeauthenticatedState(environment: environment, onUnhandledAction: self.onUnhandledAction))
        restoreSession()
    }

    /// Whether a store is logged in.
    public var isAuthenticated: Bool {
        if case .authenticated = state { return true }
        return false
    }

    /// Whether the session can ring up sales: logged in to a store, or in the demo store.
    public var canSell: Bool {
        switch state {
        case .authenticated, .demo: true
        case .deauthenticated: false
        }
    }

    /// Whether the session is the embedded demo store.
    public var isDemo: Bool {
        if case .demo = state { return true }
        return false
    }

    /// The logged-in account, if any.
    public var account: Account? {
        if case .authenticated(let state) = state { return state.account }
        return nil
    }

    /// The folder the file printer writes to (`file:` printers, and receipts when no printer is set up).
    public nonisolated var printedReceiptsFolder: URL {
        environment.dataDirectory.appendingPathComponent("printed", isDirectory: true)
    }

    /// The folder the counter's "save to file" writes receipts to.
    public nonisolated var savedReceiptsFolder: URL {
        environment.dataDirectory.appendingPathComponent("receipts", isDirectory: true)
    }

    /// Sends an action to the store that handles it in the current state and returns its answer.
    ///
    /// ```swift
    /// let sale = try await stores.dispatch { OrderAction.loadSale(reference: reference, reply: $0) }
    /// ```
    public func dispatch<A: Action, Value: Sendable>(
        _ makeAction: (Reply<Value>) -> A
    ) async throws(A.Failure) -> Value {
        try await state.dispatcher.dispatch(makeAction)
    }

    /// The session's events: the current ``SessionEvent`` first, then every change, until the session ends
    /// (logout, login to another store). Logged in, the first subscription also starts the background sync
    /// (``SyncScheduler``); the demo never syncs.
    public func sessionEvents() -> AsyncStream<SessionEvent> {
        if case .authenticated(let state) = state { return state.sessionEvents() }
        return state.session.events()
    }

    /// Each background catalog pull's number (1, 2, …) as it finishes, while the counter runs logged in (the
    /// catalog is pulled when the counter starts, then every ten minutes); the demo pulls nothing. One reader.
    public func catalogPullsFinished() -> AsyncStream<Int> {
        if case .authenticated(let state) = state { return state.catalogRefresher.pullsFinished }
        return AsyncStream { $0.finish() }
    }

    /// What the customer display shows: the current ``CustomerDisplayState`` once known, then every change,
    /// until the session ends. Logged out there is no sale, and the stream finishes at once.
    public func customerDisplay() -> AsyncStream<CustomerDisplayState> {
        guard let hub = state.customerDisplay else { return AsyncStream { $0.finish() } }
        return hub.states()
    }

    // MARK: - Transitions

    /// Checks the site and credentials, saves them, and enters the authenticated state.
    public func login(siteURL: String, username: String, applicationPassword: String) async throws(AccountError) -> (Account, StoreSettings) {
        let (account, settings) = try await dispatch {
            AccountAction.login(siteURL: siteURL, username: username, applicationPassword: applicationPassword, reply: $0)
        }
        if DemoStoreSeeder.hasMarkerFile(in: environment) { DemoStoreSeeder.forgetDemoWeightLabelLayout(in: environment) }
        DemoStoreSeeder.removeMarkerFile(in: environment)
        restoreSession()
        return (account, settings)
    }

    /// Wipes the store's local data and enters the deauthenticated state.
    ///
    /// - Throws: ``AccountError/pendingWork(unsyncedEntries:unresolvedPayments:)`` while the outbox or the
    ///   payment journal holds anything and `force` is false, ``AccountError/fiscalDataNotExported(sales:movements:)``
    ///   while the TSE journal holds sales, refunds or cash movements no `pos fiscal export` covered; the session then stays as it was.
    public func logout(force: Bool) async throws(AccountError) {
        try await dispatch { AccountAction.logout(force: force, reply: $0) }
        DemoStoreSeeder.removeMarkerFile(in: environment)
        state = .deauthenticated(DeauthenticatedState(environment: environment, onUnhandledAction: onUnhandledAction))
    }

    /// Seeds the embedded demo store when nothing is configured and enters the demo state; a logged-in session
    /// stays as it is. Returns the settings in use.
    @discardableResult
    public func openDemo() async throws(AccountError) -> StoreSettings {
        let settings = try await dispatch { AccountAction.openDemoStore(reply: $0) }
        if case .deauthenticated = state, DemoStoreSeeder.hasMarkerFile(in: environment) {
            state = .demo(DemoState(environment: environment, onUnhandledAction: onUnhandledAction))
        }
        return settings
    }

    /// Enters the authenticated state if the data directory holds usable credentials, else the demo state if it
    /// holds the demo store.
    private func restoreSession() {
        let url = environment.file(AppEnvironment.FileName.credentials)
        guard let saved = try? environment.files.read(SavedCredentials.self, from: url),
            let credentials = try? saved.credentials()
        else {
            if DemoStoreSeeder.hasMarkerFile(in: environment) {
                state = .demo(DemoState(environment: environment, onUnhandledAction: onUnhandledAction))
            }
            return
        }
        let account = Account(siteURL: saved.siteURL, username: saved.username, displayName: saved.displayName)
        state = .authenticated(
            AuthenticatedState(environment: environment, credentials: credentials, account: account, onUnhandledAction: onUnhandledAction)
        )
    }
}
