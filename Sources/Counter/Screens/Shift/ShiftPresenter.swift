import Foundation
import Localization
import POSFoundation
import Yosemite

/// Turns the shift state into strings. Pure.
public struct ShiftPresenter: Sendable {
    public let format: MoneyFormat

    /// A presenter for the store's money format.
    public init(format: MoneyFormat) {
        self.format = format
    }

    /// The view model of a response.
    public func viewModel(_ response: ShiftDataFlow.Response) -> ShiftDataFlow.ViewModel {
        let report = response.open?.report ?? response.closed
        let headline: String
        let state: String
        if let open = response.open {
            headline = L10n.tr("shift.headline.open", ["shift": "\(open.shiftId)",
                                                       "cashier": open.report.cashier.isEmpty ? "" : " · \(open.report.cashier)"])
            state = "open"
        } else if let closed = response.closed {
            headline = L10n.tr("shift.headline.closed", ["shift": "\(closed.shiftId)"])
            state = "closed"
        } else {
            headline = response.isLoaded ? L10n.tr("shift.headline.none") : L10n.tr("common.loading")
            state = "none"
        }
        let rows = report?.rows(format: { $0.formatted(format) }, strings: L10n.screen).map { ShiftDataFlow.ViewModel.Row(label: $0.label, value: $0.value) } ?? []
        var message = response.message
        if response.isBusy { message = L10n.tr("common.working") }
        return ShiftDataFlow.ViewModel(
            headline: headline, rows: rows, prompt: response.prompt.map { Self.label($0) + response.input + "▏" },
            message: message, isError: response.isError && !response.isBusy,
            keyHints: keyHints(response), state: state
        )
    }

    static func label(_ prompt: ShiftDataFlow.Prompt) -> String {
        switch prompt {
        case .float: L10n.tr("shift.prompt.float") + " "
        case .cashInAmount: L10n.tr("shift.prompt.cashIn") + " "
        case .cashOutAmount: L10n.tr("shift.prompt.cashOut") + " "
        case .reason(let cashIn, let amount): L10n.tr(cashIn ? "shift.prompt.reason.in" : "shift.prompt.reason.out", ["amount": amount]) + " "
        case .counted: L10n.tr("shift.prompt.counted") + " "
        }
    }

    private func keyHints(_ response: ShiftDataFlow.Response) -> [KeyHint] {
        if response.prompt != nil { return [KeyHint("Enter", L10n.tr("keys.ok")), KeyHint("Esc", L10n.tr("keys.cancel"))] }
        let back = KeyHint("Esc", L10n.tr("keys.back"))
        if response.open != nil {
            return [KeyHint("F3", L10n.tr("z.cashIn")), KeyHint("F4", L10n.tr("z.cashOut")),
                    KeyHint("F5", L10n.tr("shift.key.close")), back]
        }
        return [KeyHint("F2", L10n.tr("shift.key.open")), KeyHint("F6", L10n.tr("shift.key.reprint")), back]
    }
}
