/// The back-office menu (F7 on the sell screen): sync, printers, settings, login, card readers. Only a list of routes, so it
/// has no Interactor or Presenter of its own.
@MainActor
public final class MenuView: CounterModule {
    /// One menu entry.
    public struct Item: Hashable, Sendable {
        public var key: Character
        public var label: String
    }

    /// The entries, in order; the digit picks one.
    public static let items = [
        Item(key: "1", label: "Sync: the outbox, sync now, retry parked sales"),
        Item(key: "2", label: "Printers: choose the receipt printer, print a test page"),
        Item(key: "3", label: "Settings: receipt width, printer, reader, cashier, scanner"),
        Item(key: "4", label: "Log in to a WooCommerce store"),
        Item(key: "5", label: "Card readers: connect, end of day, resolve unknown payments"),
    ]

    public private(set) var selected = 0
    private let context: CounterContext

    init(context: CounterContext) {
        self.context = context
    }

    public var name: String { "menu" }
    public var title: String { "Menu" }
    public var frameSummary: String { "selected=\(selected)" }
    public var keyHints: [KeyHint] { [KeyHint("1-5", "Open"), KeyHint("Enter", "Open"), KeyHint("Esc", "Back")] }

    public func start() {}

    public func handle(_ key: KeyEvent) {
        switch key {
        case .up: selected = max(0, selected - 1)
        case .down: selected = min(Self.items.count - 1, selected + 1)
        case .enter: open(selected)
        case .escape: context.router?.show(.sell); return
        case .character(let character):
            if let index = Self.items.firstIndex(where: { $0.key == character }) { open(index) }
            return
        default: return
        }
        context.setNeedsDisplay()
    }

    private func open(_ index: Int) {
        let route: CounterRoute = switch index {
        case 0: .sync
        case 1: .printers
        case 2: .settings
        case 3: .login
        default: .readers
        }
        context.router?.show(route)
    }

    /// Scans mean nothing here.
    public func handleScan(_ code: String) {}

    public func draw(in canvas: inout TextCanvas, area: CanvasRect) {
        Self.draw(selected: selected, in: &canvas, area: area)
    }

    /// Draws the menu; pure.
    public static func draw(selected: Int, in canvas: inout TextCanvas, area: CanvasRect) {
        let left = area.column + 2, top = area.row + 1
        canvas.put("Back office", row: top, column: left, attributes: CellAttributes(role: .accent, bold: true), clip: area)
        for (index, item) in items.enumerated() {
            let attributes: CellAttributes = index == selected ? .selection : .normal
            canvas.put(" \(item.key)  \(item.label) ", row: top + 2 + index, column: left, attributes: attributes, clip: area)
        }
    }
}
