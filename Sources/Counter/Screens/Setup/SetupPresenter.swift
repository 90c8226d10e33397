import Foundation
import Localization

/// Turns the first run's state into strings. Pure.
public struct SetupPresenter: Sendable {
    public init() {}

    /// The view model of a response.
    public func viewModel(_ response: SetupDataFlow.Response) -> SetupDataFlow.ViewModel {
        let step = response.step
        var lines: [String] = []
        var input: String?
        var inputMask: Character?
        var choices: [String] = []
        let dots = String(repeating: "•", count: response.text.count)
        switch step {
        case .register:
            lines = [L10n.tr("setup.register.ask"), L10n.tr("setup.register.hint")]
            input = L10n.tr("register.field.id") + " " + response.text
        case .managerName:
            lines = [L10n.tr("setup.manager.ask")]
            input = L10n.tr("cashiers.field.name") + " " + response.text
        case .managerPin, .managerPinAgain, .cashierPin, .cashierPinAgain:
            lines = [L10n.tr(step.part == 2 ? "setup.manager.pin" : "setup.cashier.pin", ["name": response.name])]
            let again = step == .managerPinAgain || step == .cashierPinAgain
            input = L10n.tr(again ? "cashiers.field.pinAgain" : "cashiers.field.pin") + " " + dots
            inputMask = "•"
        case .cashierName:
            lines = [L10n.tr("setup.cashier.ask")]
            input = L10n.tr("cashiers.field.name") + " " + response.text
        case .printer:
            lines = [L10n.tr("setup.printer.ask")]
            choices = response.printers.map(\.label)
        case .terminal:
            lines = [L10n.tr("setup.terminal.ask"), L10n.tr("setup.terminal.hint")]
            input = L10n.tr("setup.terminal.field") + " " + response.text
        case .fiscal:
            lines = [L10n.tr("setup.fiscal.ask")] + (response.fiscalLines.isEmpty ? [L10n.tr("fiscal.loading")] : response.fiscalLines)
        }
        var done: [String] = []
        if step.part > 1 {
            done.append(response.register.map { L10n.tr("setup.done.register", ["id": $0]) } ?? L10n.tr("setup.done.noRegister"))
        }
        if !response.added.isEmpty { done.append(L10n.tr("setup.done.cashiers", ["names": response.added.joined(separator: ", ")])) }
        if !done.isEmpty { lines = done + [""] + lines }
        var hints: [KeyHint] = []
        switch step {
        case .printer:
            hints = [KeyHint("↑↓ End", L10n.tr("setup.key.choose")), KeyHint("Enter", L10n.tr("cashiers.key.next")),
                     KeyHint("Esc", L10n.tr("setup.key.skip"))]
        case .fiscal:
            hints = [KeyHint("Enter", L10n.tr("setup.key.sell"))]
        case .managerPin, .managerPinAgain, .cashierPin, .cashierPinAgain:
            hints = [KeyHint("Enter", L10n.tr("cashiers.key.next")), KeyHint("Esc", L10n.tr("keys.back"))]
        case .cashierName, .terminal:
            hints = [KeyHint("Enter", L10n.tr("cashiers.key.next")), KeyHint("Esc", L10n.tr("setup.key.skip"))]
        case .register, .managerName:
            hints = [KeyHint("Enter", L10n.tr("cashiers.key.next"))]
        }
        hints.append(KeyHint("F10", L10n.tr("setup.key.leave")))
        return SetupDataFlow.ViewModel(
            heading: L10n.tr("setup.heading", ["step": "\(step.part)"]), lines: lines, choices: choices,
            selected: choices.isEmpty ? nil : min(response.selectedPrinter, choices.count - 1), input: input,
            inputMask: inputMask, message: response.isBusy ? [L10n.tr("cashiers.busy")] : response.lines,
            isError: response.isError && !response.isBusy, keyHints: hints)
    }
}
