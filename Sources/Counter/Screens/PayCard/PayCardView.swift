import Localization

/// The card pay screen: the amounts, the terminal's prompt as it arrives, and how the attempt ended.
@MainActor
public final class PayCardView: CounterModule {
    public let interactor: PayCardInteractor
    public private(set) var viewModel: PayCardDataFlow.ViewModel
    private let presenter: PayCardPresenter
    private let setNeedsDisplay: @MainActor () -> Void

    init(interactor: PayCardInteractor, presenter: PayCardPresenter, setNeedsDisplay: @escaping @MainActor () -> Void) {
        self.interactor = interactor
        self.presenter = presenter
        self.setNeedsDisplay = setNeedsDisplay
        viewModel = presenter.viewModel(interactor.response)
    }

    func display(_ response: PayCardDataFlow.Response) {
        viewModel = presenter.viewModel(response)
        setNeedsDisplay()
    }

    public var name: String { "paycard" }
    public var title: String { L10n.tr("paycard.title") }
    public var frameSummary: String {
        let phase: String = switch interactor.response.phase {
        case .ready: "ready"
        case .opening: "opening"
        case .waiting: "waiting"
        case .cancelling: "cancelling"
        case .declined: "declined"
        case .unknown: "unknown"
        case .resolving: "resolving"
        case .failed: "failed"
        case .approved: "approved"
        }
        return "phase=\(phase) attempts=\(interactor.response.attempts) prompts=\(interactor.response.prompts.count)"
    }
    public var keyHints: [KeyHint] { viewModel.keyHints }

    /// Showing the screen sends the payment at once: the cashier chose card on the sell or cash screen.
    public func start() {
        if interactor.response.phase == .ready { interactor.handle(.startKeyPressed) }
    }

    public func handle(_ key: KeyEvent) {
        switch key {
        case .enter: interactor.handle(.startKeyPressed)
        case .escape, .function(10): interactor.handle(.cancelKeyPressed)
        case .function(12): interactor.handle(.cashKeyPressed)
        case .function(8): interactor.handle(.resolveKeyPressed)
        default: break
        }
    }

    public func handleScan(_ code: String) {}

    public func draw(in canvas: inout TextCanvas, area: CanvasRect) {
        Self.draw(viewModel, in: &canvas, area: area)
    }

    /// Draws a view model; pure.
    public static func draw(_ model: PayCardDataFlow.ViewModel, in canvas: inout TextCanvas, area: CanvasRect) {
        let left = area.column + 4
        var row = area.row + 2
        canvas.put(model.heading, row: row, column: left, attributes: CellAttributes(role: .accent, bold: true), clip: area)
        row += 2
        let labels = [L10n.tr("pay.due"), L10n.tr("paycard.cash"), L10n.tr("paycard.card")]
        let labelWidth = max(13, (labels.map(TextWidth.of).max() ?? 0) + 2)
        canvas.put(TextWidth.padded(labels[0], to: labelWidth) + model.due, row: row, column: left, attributes: .bold, clip: area)
        if let cash = model.cash {
            row += 1
            canvas.put(TextWidth.padded(labels[1], to: labelWidth) + cash, row: row, column: left, clip: area)
        }
        row += 1
        canvas.put(TextWidth.padded(labels[2], to: labelWidth) + model.card, row: row, column: left, attributes: .bold, clip: area)
        if let order = model.order {
            row += 2
            canvas.put(order, row: row, column: left, clip: area)
        }
        if let prompt = model.prompt {
            row += 2
            canvas.put(L10n.tr("paycard.terminal") + "  » \(prompt) «", row: row, column: left, attributes: CellAttributes(role: .accent, bold: true), clip: area)
        }
        row += 2
        canvas.put(model.status, row: row, column: left,
                   attributes: CellAttributes(role: model.role, bold: model.role != .normal), clip: area)
        if let detail = model.detail {
            var line = ""
            for word in detail.split(separator: " ") {
                if TextWidth.of(line) + word.count + 1 > max(20, area.width - 8) {
                    row += 1
                    canvas.put(line, row: row, column: left, clip: area)
                    line = ""
                }
                line += (line.isEmpty ? "" : " ") + word
            }
            row += 1
            canvas.put(line, row: row, column: left, clip: area)
        }
    }
}
