import Localization

/// The login screen: three input lines (the password masked) and the outcome.
@MainActor
public final class LoginView: CounterModule {
    public let interactor: LoginInteractor
    public private(set) var viewModel: LoginDataFlow.ViewModel
    private let presenter: LoginPresenter
    private let setNeedsDisplay: @MainActor () -> Void

    init(interactor: LoginInteractor, presenter: LoginPresenter, setNeedsDisplay: @escaping @MainActor () -> Void) {
        self.interactor = interactor
        self.presenter = presenter
        self.setNeedsDisplay = setNeedsDisplay
        viewModel = presenter.viewModel(interactor.response)
    }

    func display(_ response: LoginDataFlow.Response) {
        viewModel = presenter.viewModel(response)
        setNeedsDisplay()
    }

    public var name: String { "login" }
    public var title: String { L10n.tr("login.title") }
    public var message: String? { viewModel.message }
    /// Never the password, nor its length.
    public var frameSummary: String {
        let focused = viewModel.rows.firstIndex(where: \.isFocused).map(String.init) ?? "-"
        return "field=\(focused) busy=\(viewModel.message == L10n.tr("login.checking")) error=\(viewModel.isError)"
            + " loggedIn=\(interactor.response.loggedIn != nil)"
    }
    public var keyHints: [KeyHint] { viewModel.keyHints }

    public func start() { display(interactor.response) }

    public func handle(_ key: KeyEvent) {
        let request: LoginDataFlow.Request? = switch key {
        case .character(let character): .typed(character)
        case .backspace: .backspace
        case .tab, .down: .nextField
        case .up: .previousField
        case .enter: .enterPressed
        case .function(2): .loginKeyPressed
        case .escape: .escapePressed
        default: nil
        }
        if let request { interactor.handle(request) }
    }

    /// A pasted burst is typed into the field (passwords are often pasted).
    public func handleScan(_ code: String) {
        for character in code { interactor.handle(.typed(character)) }
        interactor.handle(.enterPressed)
    }

    public func draw(in canvas: inout TextCanvas, area: CanvasRect) {
        Self.draw(viewModel, in: &canvas, area: area)
    }

    /// Draws a view model; pure.
    public static func draw(_ model: LoginDataFlow.ViewModel, in canvas: inout TextCanvas, area: CanvasRect) {
        let left = area.column + 2, top = area.row + 1
        canvas.put(model.headline, row: top, column: left, attributes: CellAttributes(role: .accent, bold: true), clip: area)
        for (index, row) in model.rows.enumerated() {
            let line = top + 2 + index * 2
            canvas.put(row.label, row: line, column: left, attributes: row.isFocused ? .bold : .normal, clip: area)
            canvas.put(canvas.echoing(row.value, mask: row.mask), row: line, column: left + 24, attributes: row.isFocused ? .selection : .normal, clip: area)
        }
        if let message = model.message {
            canvas.putMessage(message, row: area.bottom - 1, column: area.column + 1,
                       attributes: CellAttributes(role: model.isError ? .error : .success, bold: true), clip: area)
        }
    }
}
