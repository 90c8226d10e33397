import Foundation
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
    public var title: String { "Pay cash" }
    public var frameSummary: String { "due=\(viewModel.due.replacingOccurrences(of: " ", with: "")) tendered=\(viewModel.tendered)" }
    public var keyHints: [KeyHint] { [KeyHint("Enter", "Take cash"), KeyHint("F2", "Exact amount"), KeyHint("F11", "Rest by card"), KeyHint("Esc", "Back to cart")] }

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
        canvas.put("Cash payment", row: top, column: left, attributes: CellAttributes(role: .accent, bold: true), clip: area)
        canvas.put("Amount due:  " + model.due, row: top + 2, column: left, attributes: .bold, clip: area)
        canvas.put("Tendered:    " + model.tendered + "▏", row: top + 4, column: left, clip: area)
        if let change = model.change {
            canvas.put("Change:      " + change, row: top + 6, column: left, attributes: CellAttributes(role: .success, bold: true), clip: area)
        }
        canvas.put("Type the amount handed over and press Enter; Enter alone takes the exact amount.",
                   row: top + 8, column: left, clip: area)
        if let status = model.status {
            canvas.put(status, row: area.bottom - 1, column: area.column + 1,
                       attributes: CellAttributes(role: model.isError ? .error : .normal, bold: true), clip: area)
        }
    }
}
