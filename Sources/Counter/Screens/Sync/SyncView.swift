import Foundation
import Localization
/// The sync screen: the outbox as a table, the selected entry's reason, and what the last sync did.
@MainActor
public final class SyncView: CounterModule {
    public let interactor: SyncInteractor
    public private(set) var viewModel: SyncDataFlow.ViewModel
    private let presenter: SyncPresenter
    private let setNeedsDisplay: @MainActor () -> Void

    init(interactor: SyncInteractor, presenter: SyncPresenter, setNeedsDisplay: @escaping @MainActor () -> Void) {
        self.interactor = interactor
        self.presenter = presenter
        self.setNeedsDisplay = setNeedsDisplay
        viewModel = presenter.viewModel(interactor.response)
    }

    func display(_ response: SyncDataFlow.Response) {
        viewModel = presenter.viewModel(response)
        setNeedsDisplay()
    }

    public var name: String { "sync" }
    public var title: String { L10n.tr("sync.title") }
    public var message: String? { viewModel.message }
    public var frameSummary: String {
        let parked = viewModel.rows.filter(\.isParked).count
        return "entries=\(viewModel.rows.count) parked=\(parked) syncing=\(interactor.response.isSyncing)"
            + " headline=\(viewModel.headline.replacingOccurrences(of: " ", with: "_")) error=\(viewModel.isError)"
    }
    public var keyHints: [KeyHint] { viewModel.keyHints }

    public func start() { interactor.load() }

    public func handle(_ key: KeyEvent) {
        let request: SyncDataFlow.Request? = switch key {
        case .up: .selectionUp
        case .down: .selectionDown
        case .escape: .escapePressed
        case .function(2): .syncKeyPressed
        case .function(3): .retryKeyPressed
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
    public static func draw(_ model: SyncDataFlow.ViewModel, in canvas: inout TextCanvas, area: CanvasRect) {
        let left = area.column + 2, top = area.row + 1
        canvas.put(model.headline, row: top, column: left, attributes: CellAttributes(role: .accent, bold: true), clip: area)
        let columns = [0, 8, 22, 34, 44, 54]
        let header = ["sync.column.entry", "sync.column.kind", "sync.column.order", "sync.column.attempts", "sync.column.next",
                      "sync.column.state"].map { L10n.tr($0) }
        for (offset, title) in zip(columns, header) {
            canvas.put(title, row: top + 2, column: left + offset, attributes: .bold, clip: area)
        }
        var line = top + 3
        for (index, row) in model.rows.enumerated() where line < area.bottom - 4 {
            let isSelected = index == model.selected
            let attributes = isSelected ? .selection : (row.isParked ? CellAttributes(role: .error) : .normal)
            if isSelected { canvas.fill(CanvasRect(row: line, column: left, height: 1, width: 64), attributes: attributes) }
            for (offset, value) in zip(columns, [row.id, row.kind, row.order, row.attempts, row.next, row.state]) {
                canvas.put(value, row: line, column: left + offset, attributes: attributes, clip: area)
            }
            line += 1
            if isSelected, let detail = row.detail {
                canvas.put("  ↳ " + detail, row: line, column: left, attributes: .normal, clip: area)
                line += 1
            }
        }
        if let summary = model.summary {
            canvas.put(summary, row: area.bottom - 2, column: left, attributes: .bold, clip: area)
        }
        if let message = model.message {
            canvas.putMessage(message, row: area.bottom - 1, column: area.column + 1,
                       attributes: CellAttributes(role: model.isError ? .error : .normal, bold: true), clip: area)
        }
    }
}
