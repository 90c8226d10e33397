import Foundation
import Localization

/// The register screen: the register id and TSE client, the id being typed, and what setting it said (wrapped:
/// a refusal says what to do).
@MainActor
public final class RegisterView: CounterModule {
    public let interactor: RegisterInteractor
    public private(set) var viewModel: RegisterDataFlow.ViewModel
    private let presenter: RegisterPresenter
    private let setNeedsDisplay: @MainActor () -> Void

    init(interactor: RegisterInteractor, presenter: RegisterPresenter, setNeedsDisplay: @escaping @MainActor () -> Void) {
        self.interactor = interactor
        self.presenter = presenter
        self.setNeedsDisplay = setNeedsDisplay
        viewModel = presenter.viewModel(interactor.response)
    }

    func display(_ response: RegisterDataFlow.Response) {
        viewModel = presenter.viewModel(response)
        setNeedsDisplay()
    }

    public var name: String { "register" }
    public var title: String { L10n.tr("register.title") }
    public var message: String? { viewModel.message.isEmpty ? nil : viewModel.message.joined(separator: " ") }
    public var frameSummary: String {
        let response = interactor.response
        return "loaded=\(response.isLoaded) register=\(response.info.id ?? "-") client=\(response.info.tseClient == nil ? "none" : "set")"
            + " editing=\(response.editing != nil) busy=\(response.isBusy) error=\(viewModel.isError)"
    }
    public var keyHints: [KeyHint] { viewModel.keyHints }

    public func start() { interactor.load() }

    public func handle(_ key: KeyEvent) {
        let request: RegisterDataFlow.Request? = switch key {
        case .escape: .escapePressed
        case .enter: .enterPressed
        case .backspace: .backspacePressed
        case .function(2): .setKeyPressed
        case .character(let character): .typed(character)
        default: nil
        }
        if let request { interactor.handle(request) }
    }

    public func handleScan(_ code: String) { interactor.handle(.scanned(code)) }

    public func draw(in canvas: inout TextCanvas, area: CanvasRect) {
        Self.draw(viewModel, in: &canvas, area: area)
    }

    /// Draws a view model; pure.
    public static func draw(_ model: RegisterDataFlow.ViewModel, in canvas: inout TextCanvas, area: CanvasRect) {
        let left = area.column + 2
        var row = area.row + 1
        for line in model.lines {
            canvas.put(line, row: row, column: left, attributes: row == area.row + 1 ? .bold : .normal, clip: area)
            row += 1
        }
        row += 1
        if let input = model.input {
            canvas.putInput(canvas.echoing(input + "_", caret: "_"), row: row, column: left, clip: area)
            row += 2
        }
        let attributes = CellAttributes(role: model.isError ? .error : .normal, bold: model.isError)
        for line in model.message.flatMap({ ShellOverlay.wrap($0, width: area.width - 4) }) where row < area.bottom {
            canvas.put(line, row: row, column: left, attributes: attributes, clip: area)
            row += 1
        }
    }
}
