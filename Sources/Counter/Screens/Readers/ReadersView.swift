import Localization

/// The readers screen: list, connect, end of day, resolve.
@MainActor
public final class ReadersView: CounterModule {
    public let interactor: ReadersInteractor
    public private(set) var viewModel: ReadersDataFlow.ViewModel
    private let presenter: ReadersPresenter
    private let setNeedsDisplay: @MainActor () -> Void

    init(interactor: ReadersInteractor, presenter: ReadersPresenter, setNeedsDisplay: @escaping @MainActor () -> Void) {
        self.interactor = interactor
        self.presenter = presenter
        self.setNeedsDisplay = setNeedsDisplay
        viewModel = presenter.viewModel(interactor.response)
    }

    func display(_ response: ReadersDataFlow.Response) {
        viewModel = presenter.viewModel(response)
        setNeedsDisplay()
    }

    public var name: String { "readers" }
    public var title: String { L10n.tr("readers.title") }
    public var message: String? { viewModel.message }
    public var frameSummary: String {
        "readers=\(viewModel.rows.count) connected=\(interactor.response.connected ?? "none") busy=\(interactor.response.isBusy)"
            + " report=\(viewModel.report.count)"
            + " pluggedIn=\(interactor.response.readers.filter { $0.source == "plugged in" }.count)"
    }
    public var keyHints: [KeyHint] {
        [KeyHint("↑↓", L10n.tr("orders.key.choose")), KeyHint("Enter", L10n.tr("readers.key.connect")),
         KeyHint("F5", L10n.tr("readers.key.endOfDay")), KeyHint("F8", L10n.tr("readers.key.resolve")), KeyHint("Esc", L10n.tr("keys.back"))]
    }

    public func start() {
        interactor.load()
    }

    public func handle(_ key: KeyEvent) {
        switch key {
        case .up: interactor.handle(.selectionUp)
        case .down: interactor.handle(.selectionDown)
        case .enter: interactor.handle(.connectKeyPressed)
        case .function(5): interactor.handle(.endOfDayKeyPressed)
        case .function(8): interactor.handle(.resolveKeyPressed)
        case .escape: interactor.handle(.backKeyPressed)
        default: break
        }
    }

    public func handleScan(_ code: String) {}

    public func draw(in canvas: inout TextCanvas, area: CanvasRect) {
        Self.draw(viewModel, in: &canvas, area: area)
    }

    /// Draws a view model; pure.
    public static func draw(_ model: ReadersDataFlow.ViewModel, in canvas: inout TextCanvas, area: CanvasRect) {
        let left = area.column + 1
        var row = area.row + 1
        canvas.put(TextWidth.padded(L10n.tr("readers.column.address"), to: 34) + TextWidth.padded(L10n.tr("readers.column.name"), to: 26)
                   + TextWidth.padded(L10n.tr("readers.column.source"), to: 12) + L10n.tr("readers.column.state"), row: row, column: left, attributes: .bold, clip: area)
        for reader in model.rows {
            row += 1
            let attributes: CellAttributes = reader.isSelected ? .selection
                : reader.isConnected ? CellAttributes(role: .success, bold: true) : .normal
            canvas.put(TextWidth.padded(reader.text, to: area.width - 2), row: row, column: left, attributes: attributes, clip: area)
        }
        row += 2
        canvas.put(L10n.tr("readers.unresolved"), row: row, column: left, attributes: .bold, clip: area)
        for line in model.unresolved.prefix(4) {
            row += 1
            canvas.put(line, row: row, column: left + 2, clip: area)
        }
        if !model.report.isEmpty {
            row += 2
            for line in model.report.prefix(max(0, area.bottom - 2 - row)) {
                canvas.put(line, row: row, column: left + 2, clip: area)
                row += 1
            }
        }
        if let message = model.message {
            canvas.putMessage(message, row: area.bottom - 1, column: left,
                       attributes: CellAttributes(role: model.isError ? .error : .success, bold: true), clip: area)
        }
    }
}
