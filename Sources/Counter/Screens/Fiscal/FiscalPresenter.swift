import Foundation
import Localization

/// Turns the TSE screen's state into strings. Pure.
public struct FiscalPresenter: Sendable {
    public init() {}

    /// The view model of a response.
    public func viewModel(_ response: FiscalDataFlow.Response) -> FiscalDataFlow.ViewModel {
        var formLines: [String] = []
        var input: String?
        if let form = response.form {
            formLines.append(L10n.tr("fiscal.export.heading"))
            if form.field.rawValue > 0 { formLines.append(L10n.tr("fiscal.export.from") + " " + form.from) }
            if form.field.rawValue > 1 { formLines.append(L10n.tr("fiscal.export.to") + " " + form.to) }
            let label = switch form.field {
            case .from: L10n.tr("fiscal.export.from")
            case .to: L10n.tr("fiscal.export.to")
            case .folder: L10n.tr("fiscal.export.folder")
            }
            input = label + " " + form.text
        }
        let hints: [KeyHint] = response.form != nil
            ? [KeyHint("Enter", L10n.tr("cashiers.key.next")), KeyHint("Esc", L10n.tr("keys.cancel"))]
            : [KeyHint("F2", L10n.tr("fiscal.key.export")), KeyHint("F5", L10n.tr("sync.key.reload")),
               KeyHint("Esc", L10n.tr("keys.back"))]
        return FiscalDataFlow.ViewModel(
            lines: response.isLoaded ? response.lines : [L10n.tr("fiscal.loading")], formLines: formLines, input: input,
            message: response.isBusy ? L10n.tr("fiscal.export.busy") : response.message,
            isError: response.isError && !response.isBusy, keyHints: hints)
    }
}
