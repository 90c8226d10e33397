import Foundation
import Localization

/// Turns the register screen's state into strings. Pure.
public struct RegisterPresenter: Sendable {
    public init() {}

    /// The view model of a response.
    public func viewModel(_ response: RegisterDataFlow.Response) -> RegisterDataFlow.ViewModel {
        var lines: [String]
        if !response.isLoaded {
            lines = [L10n.tr("register.loading")]
        } else if !response.canSet {
            lines = [L10n.tr("register.unavailable")]
        } else {
            lines = [
                response.info.id.map { L10n.tr("register.id", ["id": $0]) } ?? L10n.tr("register.none"),
                response.info.tseClient.map { L10n.tr("register.tseClient", ["client": $0]) } ?? L10n.tr("register.noTseClient"),
            ]
        }
        let hints: [KeyHint] = response.editing != nil
            ? [KeyHint("Enter", L10n.tr("register.key.save")), KeyHint("Esc", L10n.tr("keys.cancel"))]
            : (response.canSet ? [KeyHint("F2", L10n.tr("register.key.set"))] : []) + [KeyHint("Esc", L10n.tr("keys.back"))]
        return RegisterDataFlow.ViewModel(
            lines: lines, input: response.editing.map { L10n.tr("register.field.id") + " " + $0 },
            message: response.isBusy ? [L10n.tr("register.busy")] : response.result,
            isError: response.isError && !response.isBusy, keyHints: hints)
    }
}
