import Foundation
import Localization
import Yosemite

/// Turns the cashiers screen's state into strings. Pure.
public struct CashiersPresenter: Sendable {
    /// Creates the presenter.
    public init() {}

    /// The view model of a response.
    public func viewModel(_ response: CashiersDataFlow.Response) -> CashiersDataFlow.ViewModel {
        let headline = !response.isLoaded ? L10n.tr("cashiers.loading")
            : response.cashiers.isEmpty ? L10n.tr("cashiers.none")
            : L10n.tr("cashiers.count", ["count": "\(response.cashiers.count)"])
        let rows = response.cashiers.map { cashier in
            CashiersDataFlow.ViewModel.Row(
                name: cashier.name, role: Self.roleName(cashier.role),
                state: cashier.locked ? L10n.tr("cashiers.state.locked")
                    : cashier.failedAttempts > 0 ? L10n.tr("cashiers.state.wrongPins", ["count": "\(cashier.failedAttempts)"])
                    : L10n.tr("cashiers.state.ok"),
                isLocked: cashier.locked)
        }
        var formLines: [String] = []
        var input: String?
        var inputMask: Character?
        if let form = response.form {
            switch form.purpose {
            case .add: formLines.append(L10n.tr("cashiers.form.add"))
            case .setPin(let name): formLines.append(L10n.tr("cashiers.form.setPin", ["name": name]))
            }
            switch form.step {
            case .name:
                input = L10n.tr("cashiers.field.name") + " " + form.text
            case .role:
                formLines.append(L10n.tr("cashiers.field.name") + " " + form.name)
                // A choice, not typed text: no cursor.
                formLines.append(L10n.tr("cashiers.field.role") + " " + Self.roleName(form.role) + "  "
                                 + L10n.tr("cashiers.field.role.keys"))
            case .pin, .pinAgain:
                if case .add = form.purpose {
                    formLines.append(L10n.tr("cashiers.field.name") + " " + form.name + " ("
                                     + Self.roleName(form.role) + ")")
                }
                input = L10n.tr(form.step == .pin ? "cashiers.field.pin" : "cashiers.field.pinAgain") + " "
                    + String(repeating: "•", count: form.text.count)
                inputMask = "•"
            }
        } else if let name = response.confirmRemove {
            formLines.append(L10n.tr("cashiers.confirmRemove", ["name": name]))
        }
        return CashiersDataFlow.ViewModel(
            headline: headline, rows: rows, selected: rows.isEmpty ? nil : min(response.selected, rows.count - 1),
            formLines: formLines, input: input, inputMask: inputMask, message: response.isBusy ? L10n.tr("cashiers.busy") : response.message,
            isError: response.isError && !response.isBusy, keyHints: keyHints(response))
    }

    /// "manager", "cashier", in the screen's language.
    static func roleName(_ role: CashierRole) -> String {
        L10n.tr(role == .manager ? "cashiers.role.manager" : "cashiers.role.cashier")
    }

    private func keyHints(_ response: CashiersDataFlow.Response) -> [KeyHint] {
        if let form = response.form {
            if form.step == .role {
                return [KeyHint("1/2", L10n.tr("cashiers.key.role")), KeyHint("Enter", L10n.tr("cashiers.key.next")),
                        KeyHint("Esc", L10n.tr("keys.cancel"))]
            }
            return [KeyHint("Enter", L10n.tr("cashiers.key.next")), KeyHint("Esc", L10n.tr("keys.cancel"))]
        }
        if response.confirmRemove != nil {
            return [KeyHint("Enter", L10n.tr("cashiers.key.remove")), KeyHint("Esc", L10n.tr("keys.cancel"))]
        }
        var hints = [KeyHint("F2", L10n.tr("cashiers.key.add"))]
        if !response.cashiers.isEmpty {
            hints += [KeyHint("F3", L10n.tr("cashiers.key.setPin")), KeyHint("F4", L10n.tr("cashiers.key.remove")),
                      KeyHint("F5", L10n.tr("cashiers.key.unlock"))]
        }
        hints.append(KeyHint("Esc", L10n.tr("keys.back")))
        return hints
    }
}
