import Networking

/// Where the app's session is: logged out, or logged in to one store.
@MainActor
public enum SessionState {
    /// No store: only the account and the counter's own settings are available.
    case deauthenticated(DeauthenticatedState)
    /// Logged in to a store: every store of the app is available.
    case authenticated(AuthenticatedState)
    /// The embedded demo store: selling, receipts and the catalog on bundled data, with no network.
    case demo(DemoState)

    /// The dispatcher of the current state.
    var dispatcher: Dispatcher {
        switch self {
        case .deauthenticated(let state): state.dispatcher
        case .authenticated(let state): state.dispatcher
        case .demo(let state): state.dispatcher
        }
    }

    /// The state's session event stream.
    var session: SessionEventHub {
        switch self {
        case .deauthenticated(let state): state.session
        case .authenticated(let state): state.session
        case .demo(let state): state.session
        }
    }

    /// The state's customer display (none logged out: there is no sale to show).
    var customerDisplay: CustomerDisplayHub? {
        switch self {
        case .deauthenticated: nil
        case .authenticated(let state): state.customerDisplay
        case .demo(let state): state.customerDisplay
        }
    }

    /// Ends what the state runs in the background (its event stream, the sync scheduler) when it is left.
    func tearDown() {
        session.stop()
        customerDisplay?.stop()
        if case .authenticated(let state) = self { state.stopScheduler() }
    }
}

/// The logged-out state: accounts and app settings.
@MainActor
public final class DeauthenticatedState {
    public let dispatcher: Dispatcher
    /// The session's events (the database's part: no store, no reader).
    let session: SessionEventHub
    private let stores: [Store]

    init(environment: AppEnvironment, onUnhandledAction: @escaping Dispatcher.UnhandledActionHandler) {
        let dispatcher = Dispatcher(onUnhandledAction: onUnhandledAction)
        self.dispatcher = dispatcher
        session = SessionEventHub(environment: environment, isDemo: false)
        stores = [
            AccountStore(dispatcher: dispatcher, environment: environment),
            AppSettingsStore(dispatcher: dispatcher, environment: environment),
            StatusStore(dispatcher: dispatcher, environment: environment),
            ProductStore(dispatcher: dispatcher, environment: environment),
            CatalogSyncStore(dispatcher: dispatcher, environment: environment, network: nil),
            // Receipts work for the demo store too; without store settings they fail with a clear error.
            ReceiptStore(dispatcher: dispatcher, environment: environment),
            FiscalStore(dispatcher: dispatcher, environment: environment),
        ]
    }
}

/// The logged-in state: every store, talking to one site with one set of credentials.
@MainActor
public final class AuthenticatedState {
    public let dispatcher: Dispatcher
    /// Who is logged in, and where (never the password).
    public let account: Account
    /// The session's events: the database, connectivity, the reader and the plugged terminals.
    let session: SessionEventHub
    /// What the customer sees of the current sale.
    let customerDisplay: CustomerDisplayHub
    /// Sends the outbox in the background once something follows the session's events.
    private let scheduler: SyncScheduler
    /// Pulls the store's catalog changes in the background while the counter runs.
    let catalogRefresher: CatalogRefresher
    private let stores: [Store]

    init(
        environment: AppEnvironment,
        credentials: Credentials,
        account: Account,
        onUnhandledAction: @escaping Dispatcher.UnhandledActionHandler
    ) {
        let dispatcher = Dispatcher(onUnhandledAction: onUnhandledAction)
        let network = environment.makeNetwork(credentials)
        self.dispatcher = dispatcher
        self.account = account
        let session = SessionEventHub(environment: environment, isDemo: false)
        customerDisplay = CustomerDisplayHub(environment: environment, session: session)
        self.session = session
        // One engine per session: the operator's "sync now" and the background scheduler drain through it.
        let engine = SyncEngine(environment: environment, network: network, connectivity: session.connectivity)
        scheduler = SyncScheduler.live(environment: environment, engine: engine)
        catalogRefresher = CatalogRefresher.live(environment: environment, dispatcher: dispatcher)
        stores = [
            AccountStore(dispatcher: dispatcher, environment: environment),
            AppSettingsStore(dispatcher: dispatcher, environment: environment),
            StatusStore(dispatcher: dispatcher, environment: environment),
            SettingStore(dispatcher: dispatcher, environment: environment, network: network, siteURL: account.siteURL),
            OrderStore(dispatcher: dispatcher, environment: environment),
            ScaleStore(dispatcher: dispatcher, environment: environment),
            SyncStore(dispatcher: dispatcher, environment: environment, engine: engine),
            ProductStore(dispatcher: dispatcher, environment: environment, network: network),
            CustomerStore(dispatcher: dispatcher, environment: environment),
            CatalogSyncStore(dispatcher: dispatcher, environment: environment, network: network),
            ReceiptStore(dispatcher: dispatcher, environment: environment),
            CardPresentPaymentsStore(dispatcher: dispatcher, environment: environment, session: session),
            ShiftStore(dispatcher: dispatcher, environment: environment),
            CashierStore(dispatcher: dispatcher, environment: environment, network: network),
            ShopReportStore(dispatcher: dispatcher, environment: environment, network: network),
            OrderEmailStore(dispatcher: dispatcher, environment: environment, network: network),
            FiscalStore(dispatcher: dispatcher, environment: environment),
        ]
    }

    /// The session's events; the first subscription also starts the background sync: the outbox and the catalog.
    func sessionEvents() -> AsyncStream<SessionEvent> {
        let scheduler = scheduler, refresher = catalogRefresher, events = session.events()
        Task { await scheduler.start(following: session.events()) }
        Task { await refresher.start() }
        return events
    }

    func stopScheduler() {
        let scheduler = scheduler, refresher = catalogRefresher
        Task { await scheduler.stop() }
        Task { await refresher.stop() }
    }
}

/// The demo state: the real order, receipt and catalog stores on the bundled demo data; sync answers that there
/// is nothing to sync, since the demo store has no site.
@MainActor
public final class DemoState {
    public let dispatcher: Dispatcher
    /// The session's events; the demo never syncs, so there is no scheduler.
    let session: SessionEventHub
    /// What the customer sees of the current sale.
    let customerDisplay: CustomerDisplayHub
    private let stores: [Store]

    init(environment: AppEnvironment, onUnhandledAction: @escaping Dispatcher.UnhandledActionHandler) {
        let dispatcher = Dispatcher(onUnhandledAction: onUnhandledAction)
        self.dispatcher = dispatcher
        let session = SessionEventHub(environment: environment, isDemo: true)
        customerDisplay = CustomerDisplayHub(environment: environment, session: session)
        self.session = session
        stores = [
            AccountStore(dispatcher: dispatcher, environment: environment),
            AppSettingsStore(dispatcher: dispatcher, environment: environment),
            StatusStore(dispatcher: dispatcher, environment: environment),
            // Settings load from the database; refreshing them from the site fails as offline.
            SettingStore(dispatcher: dispatcher, environment: environment, network: DemoNetwork(),
                         siteURL: DemoStoreSeeder.settings.siteURL),
            OrderStore(dispatcher: dispatcher, environment: environment),
            ScaleStore(dispatcher: dispatcher, environment: environment),
            DemoSyncStore(dispatcher: dispatcher, environment: environment),
            ProductStore(dispatcher: dispatcher, environment: environment),
            CustomerStore(dispatcher: dispatcher, environment: environment),
            CatalogSyncStore(dispatcher: dispatcher, environment: environment, network: nil),
            ReceiptStore(dispatcher: dispatcher, environment: environment),
            ShiftStore(dispatcher: dispatcher, environment: environment),
            CashierStore(dispatcher: dispatcher, environment: environment, network: nil),
            // The in-process simulator (sim://) takes card payments in the demo.
            CardPresentPaymentsStore(dispatcher: dispatcher, environment: environment, session: session),
            OrderEmailStore(dispatcher: dispatcher, environment: environment, network: nil),
            FiscalStore(dispatcher: dispatcher, environment: environment),
        ]
    }
}
