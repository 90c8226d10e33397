import Foundation
import Localization
/// The cash pay screen: amount due, tendered, change.
@MainActor
public final class PayView: CounterModule {
    public let interactor: PayInteractor
    public private(set) var viewModel: PayDataFlow.ViewModel
    private let presenter: PayPresenter
    private let setNeedsDisplay: @MainActor () -> Void

    init(interactor: PayInteractor, presenter: PayPresenter, setNeedsDisplay: @escaping @MainActor () -> Void) {
        self.interactor = interactor
        self.presenter = presenter
        self.setNeedsDisplay = setNeedsDisplay
        viewModel = presenter.viewModel(interactor.response)
    }

    func display(_ response: PayDataFlow.Response) {
        viewModel = presenter.viewModel(response)
        setNeedsDisplay()
    }

    public var name: String { "pay" }
    public var title: String { L10n.tr("pay.title") }
    public var message: String? { viewModel.status }
    /// `refused=yes` once the checkout refused the cash (too little: the cashier types more).
    public var frameSummary: String {
        "due=\(viewModel.due.replacingOccurrences(of: " ", with: "")) tendered=\(viewModel.tendered)"
            + " completing=\(interactor.response.isCompleting ? "yes" : "no")"
            + " refused=\(interactor.response.error != nil ? "yes" : "no")"
    }
    public var keyHints: [KeyHint] { [KeyHint("Enter", L10n.tr("pay.key.takeCash")), KeyHint("F2", L10n.tr("pay.key.exact")), KeyHint("F11", L10n.tr("pay.key.restByCard")), KeyHint("Esc", L10n.tr("keys.backToCart"))] }

    public func start() {}

    public func handle(_ key: KeyEvent) {
        switch key {
        case .character(let character): interactor.handle(.typed(character))
        case .backspace: interactor.handle(.backspace)
        case .enter, .function(12): interactor.handle(.completeKeyPressed)
        case .function(2): interactor.handle(.exactKeyPressed)
        case .function(11): interactor.handle(.restByCardKeyPressed)
        case .escape: interactor.handle(.cancelKeyPressed)
        default: break
        }
    }

    public func handleScan(_ code: String) {}

    public func draw(in canvas: inout TextCanvas, area: CanvasRect) {
        Self.draw(viewModel, in: &canvas, area: area)
    }

    /// Draws a view model; pure.
    public static func draw(_ model: PayDataFlow.ViewModel, in canvas: inout TextCanvas, area: CanvasRect) {
        let left = area.column + 4, top = area.row + 2
        let labels = [L10n.tr("pay.due"), L10n.tr("pay.tendered"), L10n.tr("pay.change")]
        let labelWidth = max(13, (labels.map(TextWidth.of).max() ?? 0) + 2)
        canvas.put(L10n.tr("pay.heading"), row: top, column: left, attributes: CellAttributes(role: .accent, bold: true), clip: area)
        canvas.put(TextWidth.padded(labels[0], to: labelWidth) + model.due, row: top + 2, column: left, attributes: .bold, clip: area)
        canvas.put(TextWidth.padded(labels[1], to: labelWidth) + canvas.echoing(model.tendered + "▏"), row: top + 4, column: left, clip: area)
        if let change = model.change {
            canvas.put(TextWidth.padded(labels[2], to: labelWidth) + change, row: top + 6, column: left,
                       attributes: CellAttributes(role: .success, bold: true), clip: area)
        }
        canvas.put(L10n.tr("pay.hint"), row: top + 8, column: left, clip: area)
        if let status = model.status {
            canvas.putMessage(status, row: area.bottom - 1, column: area.column + 1,
                       attributes: CellAttributes(role: model.isError ? .error : .normal, bold: true), clip: area)
        }
    }
}
