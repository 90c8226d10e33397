import Localization
import Yosemite

/// The back-office menu (F7 on the sell screen): sync, printers, settings, login, card readers, training mode on or
/// off (6), cashiers, the register, the TSE. A list of routes and one switch, so it has no Interactor or Presenter of
/// its own.
@MainActor
public final class MenuView: CounterModule {
    /// One menu entry.
    public struct Item: Hashable, Sendable {
        public var key: Character
        public var label: String
    }

    /// The entries, in order; the digit picks one.
    public static var items: [Item] {
        [
            Item(key: "1", label: L10n.tr("menu.sync")),
            Item(key: "2", label: L10n.tr("menu.printers")),
            Item(key: "3", label: L10n.tr("menu.settings")),
            Item(key: "4", label: L10n.tr("menu.login")),
            Item(key: "5", label: L10n.tr("menu.readers")),
            Item(key: "6", label: L10n.tr("menu.training")),
            Item(key: "7", label: L10n.tr("menu.cashiers")),
            Item(key: "8", label: L10n.tr("menu.register")),
            Item(key: "9", label: L10n.tr("menu.fiscal")),
            Item(key: "0", label: L10n.tr("menu.shift")),
        ]
    }

    public private(set) var selected = 0
    /// What the training switch answered (the new mode, or why it refused).
    public private(set) var message: String?
    private let context: CounterContext

    init(context: CounterContext) {
        self.context = context
    }

    public var name: String { "menu" }
    public var title: String { L10n.tr("menu.title") }
    public var frameSummary: String { "selected=\(selected)" }
    public var keyHints: [KeyHint] { [KeyHint("0-9", L10n.tr("menu.key.open")), KeyHint("Enter", L10n.tr("menu.key.open")), KeyHint("Esc", L10n.tr("keys.back"))] }

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
        if index == 5 { switchTraining(); return }
        let route: CounterRoute = switch index {
        case 0: .sync
        case 1: .printers
        case 2: .settings
        case 3: .login
        case 4: .readers
        case 6: .cashiers
        case 7: .register
        case 8: .fiscal
        default: .shift
        }
        context.router?.show(route)
    }

    /// Switches the register into training or out of it: into it asks for a manager's PIN where cashiers are set up
    /// (the shell's gate), out of it is anyone's. The status line says TRAINING while it is on.
    private func switchTraining() {
        let context = context
        Task {
            let stores = context.stores
            do {
                let on = try await stores.dispatch { CashierAction.training(reply: $0) }
                try await context.approving({ approval in
                    _ = try await stores.dispatch { CashierAction.setTraining(on: !on, approval: approval, reply: $0) }
                }, needed: { error in
                    if case .approvalRequired(let kind)? = error as? CashierError { return kind }
                    return nil
                })
                self.message = L10n.tr(on ? "menu.training.off" : "menu.training.on")
            } catch let error as CashierError {
                self.message = "\(error.message) \(error.recoverySuggestion)"
            } catch {
                self.message = "\(error)"
            }
            context.refreshStatus()
            context.setNeedsDisplay()
        }
    }

    /// Scans mean nothing here.
    public func handleScan(_ code: String) {}

    public func draw(in canvas: inout TextCanvas, area: CanvasRect) {
        Self.draw(selected: selected, in: &canvas, area: area)
        if let message {
            let row = area.row + 4 + Self.items.count
            for (offset, line) in ShellOverlay.wrap(message, width: max(10, area.width - 4)).enumerated() {
                canvas.put(line, row: row + offset, column: area.column + 2, attributes: .normal, clip: area)
            }
        }
    }

    /// Draws the menu; pure.
    public static func draw(selected: Int, in canvas: inout TextCanvas, area: CanvasRect) {
        let left = area.column + 2, top = area.row + 1
        canvas.put(L10n.tr("menu.heading"), row: top, column: left, attributes: CellAttributes(role: .accent, bold: true), clip: area)
        for (index, item) in items.enumerated() {
            let attributes: CellAttributes = index == selected ? .selection : .normal
            canvas.put(" \(item.key)  \(item.label) ", row: top + 2 + index, column: left, attributes: attributes, clip: area)
        }
    }
}
