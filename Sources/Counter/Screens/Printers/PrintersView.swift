import Localization

/// The printers screen: the queues with their states, which one receipts use, and the last test page.
@MainActor
public final class PrintersView: CounterModule {
    public let interactor: PrintersInteractor
    public private(set) var viewModel: PrintersDataFlow.ViewModel
    private let presenter: PrintersPresenter
    private let setNeedsDisplay: @MainActor () -> Void

    init(interactor: PrintersInteractor, presenter: PrintersPresenter, setNeedsDisplay: @escaping @MainActor () -> Void) {
        self.interactor = interactor
        self.presenter = presenter
        self.setNeedsDisplay = setNeedsDisplay
        viewModel = presenter.viewModel(interactor.response)
    }

    func display(_ response: PrintersDataFlow.Response) {
        viewModel = presenter.viewModel(response)
        setNeedsDisplay()
    }

    public var name: String { "printers" }
    public var title: String { L10n.tr("printers.title") }
    public var message: String? { viewModel.message }
    public var frameSummary: String {
        let chosen = viewModel.rows.firstIndex(where: \.isChosen).map(String.init) ?? "-"
        return "loaded=\(interactor.response.isLoaded) printers=\(viewModel.rows.count) chosen=\(chosen) selected=\(viewModel.selected.map(String.init) ?? "-")"
            + " job=\(viewModel.lastJob == nil ? "none" : (viewModel.lastJobFailed ? "failed" : "printed"))"
    }
    public var keyHints: [KeyHint] { viewModel.keyHints }

    public func start() { interactor.load() }

    public func handle(_ key: KeyEvent) {
        let request: PrintersDataFlow.Request? = switch key {
        case .up: .selectionUp
        case .down: .selectionDown
        case .enter: .chooseKeyPressed
        case .escape: .escapePressed
        case .function(2): .testPageKeyPressed
        case .function(5): .reloadKeyPressed
        default: nil
        }
        if let request { interactor.handle(request) }
    }

    /// Scans mean nothing here.
    public func handleScan(_ code: String) {}

    public func draw(in canvas: inout TextCanvas, area: CanvasRect) {
        Self.draw(viewModel, in: &canvas, area: area)
    }

    /// Draws a view model; pure.
    public static func draw(_ model: PrintersDataFlow.ViewModel, in canvas: inout TextCanvas, area: CanvasRect) {
        let left = area.column + 2, top = area.row + 1
        canvas.put(model.headline, row: top, column: left, attributes: CellAttributes(role: .accent, bold: true), clip: area)
        let stateColumn = left + max(40, area.width / 2)
        // The problem above the last job, over up to 3 lines: it says how to fix it ("start it with `sudo systemctl …`")
        let problemTop = model.problem.map {
            canvas.putWrapped($0, endingAt: area.bottom - 4, column: left, width: area.width - 4, maxLines: 3,
                              attributes: CellAttributes(role: .error), clip: area)
        } ?? area.bottom - 4
        for (index, row) in model.rows.enumerated() where top + 2 + index < problemTop {
            let line = top + 2 + index
            let isSelected = index == model.selected
            let attributes = isSelected ? .selection : (row.isProblem ? CellAttributes(role: .error) : .normal)
            if isSelected { canvas.fill(CanvasRect(row: line, column: left, height: 1, width: area.width - 4), attributes: attributes) }
            canvas.put((row.isChosen ? "✓ " : "  ") + row.label, row: line, column: left, attributes: attributes,
                       clip: CanvasRect(row: area.row, column: area.column, height: area.height, width: stateColumn - area.column - 1))
            canvas.put(row.state, row: line, column: stateColumn, attributes: attributes, clip: area)
        }
        if let lastJob = model.lastJob {
            canvas.put(lastJob, row: area.bottom - 3, column: left,
                       attributes: CellAttributes(role: model.lastJobFailed ? .error : .success, bold: true), clip: area)
        }
        if let message = model.message {
            canvas.putMessage(message, row: area.bottom - 1, column: area.column + 1, attributes: .bold, clip: area)
        }
    }
}
