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
    /// Sets this register's id as `pos register set` does (nil: the register screen only shows it).
    public internal(set) var registerSetting: (any RegisterSetting)?
    /// Asks for a manager's name and PIN when a store refused for want of an approval; `nil` when the
    /// cashier cancels. The shell's ``CashierGate`` answers it.
    public internal(set) var requestApproval: @MainActor (ApprovalKind) async -> ManagerApproval? = { _ in nil }

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

    /// Runs `work` without an approval; when the store answers that a manager must approve, asks for one and runs
    /// it again with it (a wrong PIN comes back as the store's error).
    public func approving<T>(
        _ work: (ManagerApproval?) async throws -> T, needed: (any Error) -> ApprovalKind?
    ) async throws -> T {
        do {
            return try await work(nil)
        } catch {
            guard let kind = needed(error), let approval = await requestApproval(kind) else { throw error }
            return try await work(approval)
        }
    }

    /// Money in the store's currency and format.
    public func format(_ minorUnits: Int64) -> String {
        Money(minorUnits: minorUnits, currency: settings.currency).formatted(settings.moneyFormat)
    }
}
