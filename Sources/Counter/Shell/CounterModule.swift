/// One screen of the counter, as the shell sees it: a YARCH module's view (the Builder makes it; it sends the
/// cashier's keys to its Interactor as Requests and draws the ViewModels its Presenter makes).
@MainActor
public protocol CounterModule: AnyObject {
    /// A short stable name, used in the frame log ("sell", "pay", "receipt", "orders").
    var name: String { get }
    /// The title the status bar shows.
    var title: String { get }
    /// The keys shown in the bottom bar.
    var keyHints: [KeyHint] { get }
    /// A one-line summary for the frame log, e.g. "lines=2 total=5.40".
    var frameSummary: String { get }
    /// Called when the screen is shown (again).
    func start()
    /// A key for this screen (scans arrive through ``handleScan(_:)``).
    func handle(_ key: KeyEvent)
    /// A scanned barcode; screens that do not sell ignore it.
    func handleScan(_ code: String)
    /// Draws the screen into `area`.
    func draw(in canvas: inout TextCanvas, area: CanvasRect)
    /// The screen's last message, whole: drawn cut to one line, the shell shows it wrapped on ^E.
    var message: String? { get }
}

extension CounterModule {
    public var message: String? { nil }
}

/// A function key and what it does, for the bottom bar.
public struct KeyHint: Hashable, Sendable {
    public var key: String
    public var label: String

    /// Creates a hint.
    public init(_ key: String, _ label: String) {
        self.key = key
        self.label = label
    }
}
