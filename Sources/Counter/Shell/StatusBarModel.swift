import Localization
import Yosemite

/// What the always-visible top line shows: which store (or DEMO), online or offline, what waits to sync, the
/// reader, the printer and the cashier.
public struct StatusBarModel: Hashable, Sendable {
    public var storeName: String
    public var isDemo: Bool
    /// "online", "offline", "not checked yet", or "no network (demo)" in the demo.
    public var connectivity: String
    /// Orders not on the server yet (never outbox entries: one order may have several).
    public var unsynced: Int
    public var reader: String
    public var printer: String
    public var cashier: String
    /// A TSE outage is open (German fiscal law): the line says "TSE DOWN" among what the cashier must see.
    public var tseDown = false
    /// The USB ids of the known terminals plugged in now ("0b00:0080"), from the session's events.
    public var plugged: [String] = []
    /// A reader is connected (from the session's events).
    public var readerConnected = false
    /// An operation holds the reader (from the session's events).
    public var readerBusy = false
    /// The last receipt failed to print.
    public var lastPrintFailed = false
    /// The register is in training: a TRAINING banner leads the line.
    public var training = false

    /// Creates a model.
    public init(storeName: String, isDemo: Bool, connectivity: String, unsynced: Int, reader: String, printer: String,
                cashier: String) {
        self.storeName = storeName
        self.isDemo = isDemo
        self.connectivity = connectivity
        self.unsynced = unsynced
        self.reader = reader
        self.printer = printer
        self.cashier = cashier
    }

    /// The model for a status, the app settings, and what the sync engine last saw of the store.
    public init(status: CounterStatus, appSettings: AppSettings?, connectivity state: ConnectivityMonitor.State? = nil) {
        isDemo = status.mode == .demo
        storeName = status.store?.storeName ?? L10n.tr("status.noStore")
        connectivity = switch (isDemo, state) {
        case (true, _): L10n.tr("status.connectivity.demo")
        case (false, .online?): L10n.tr("status.connectivity.online")
        case (false, .offline?): L10n.tr("status.connectivity.offline")
        case (false, _): L10n.tr("status.connectivity.notChecked")
        }
        unsynced = status.unsyncedOrders
        reader = appSettings?.readerAddress ?? (isDemo ? "sim://" : ReaderActivity.noReader)
        printer = appSettings?.printerName ?? L10n.tr("status.printer.default")
        cashier = appSettings?.cashierName ?? status.account?.username ?? (isDemo ? L10n.tr("status.cashier.demo") : "—")
        tseDown = status.fiscalOutage != nil
        training = status.training
    }

    /// Takes what the session's event stream says: the unsynced count, connectivity, the TSE, the reader and the
    /// terminals plugged in, the last print.
    public mutating func apply(_ event: SessionEvent) {
        unsynced = event.unsyncedOrders
        connectivity = switch (isDemo, event.connectivity) {
        case (true, _), (_, .demo): L10n.tr("status.connectivity.demo")
        case (false, .online): L10n.tr("status.connectivity.online")
        case (false, .offline): L10n.tr("status.connectivity.offline")
        case (false, .notChecked): L10n.tr("status.connectivity.notChecked")
        }
        tseDown = event.fiscalOutage != nil
        training = event.training
        plugged = event.reader.plugged.map(\.usbID)
        readerConnected = event.reader.connectedAddress != nil
        readerBusy = event.reader.isBusy
        if case .failed = event.printer { lastPrintFailed = true } else { lastPrintFailed = false }
    }

    /// Shown before the first status load.
    public static let loading = StatusBarModel(storeName: "…", isDemo: false, connectivity: "…", unsynced: 0,
                                               reader: "…", printer: "…", cashier: "…")
}
