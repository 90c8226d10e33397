import POSFoundation
import Yosemite

/// What every screen's Builder gets: the stores (the only way to Yosemite), the store's settings, the router,
/// and a way to ask for a repaint. No singletons: the shell builds one and passes it down.
@MainActor
public final class CounterContext {
    /// The session's stores.
    public let stores: StoresManager
    /// The store being sold for (currency, money format, taxes).
    public let settings: StoreSettings
    /// The scanner thresholds.
    public let scanSettings: ScanDetector.Settings
    /// Moves between screens; set by the router.
    public internal(set) weak var router: CounterRouter?
    /// Asks the shell to repaint (at most once per frame).
    public let setNeedsDisplay: @MainActor () -> Void
    /// Asks the status bar to reload (after a sale, a print…).
    public let refreshStatus: @MainActor () -> Void
    /// The card reader's state for the status line.
    public let readerActivity: ReaderActivity
    /// Called after a login moved the session to another store; the shell rebuilds its screens for its settings.
    public internal(set) var sessionChanged: @MainActor (StoreSettings) -> Void = { _ in }

    /// Creates a context.
    public init(stores: StoresManager, settings: StoreSettings, scanSettings: ScanDetector.Settings = .init(),
                setNeedsDisplay: @escaping @MainActor () -> Void, refreshStatus: @escaping @MainActor () -> Void) {
        self.stores = stores
        self.settings = settings
        self.scanSettings = scanSettings
        self.setNeedsDisplay = setNeedsDisplay
        self.refreshStatus = refreshStatus
        readerActivity = ReaderActivity(onChange: setNeedsDisplay)
    }

    /// Money in the store's currency and format.
    public func format(_ minorUnits: Int64) -> String {
        Money(minorUnits: minorUnits, currency: settings.currency).formatted(settings.moneyFormat)
    }
}
