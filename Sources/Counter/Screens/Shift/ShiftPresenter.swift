import Foundation
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
            headline = "Shift \(open.shiftId) open\(open.report.cashier.isEmpty ? "" : " · \(open.report.cashier)") — running totals"
            state = "open"
        } else if let closed = response.closed {
            headline = "Shift \(closed.shiftId) closed — Z report"
            state = "closed"
        } else {
            headline = response.isLoaded ? "No shift open. F2 opens one with the counted float." : "Loading…"
            state = "none"
        }
        let rows = report?.rows { $0.formatted(format) }.map { ShiftDataFlow.ViewModel.Row(label: $0.label, value: $0.value) } ?? []
        var message = response.message
        if response.isBusy { message = "Working…" }
        return ShiftDataFlow.ViewModel(
            headline: headline, rows: rows, prompt: response.prompt.map { Self.label($0) + response.input + "▏" },
            message: message, isError: response.isError && !response.isBusy,
            keyHints: keyHints(response), state: state
        )
    }

    static func label(_ prompt: ShiftDataFlow.Prompt) -> String {
        switch prompt {
        case .float: "Float (cash counted into the drawer): "
        case .cashInAmount: "Cash in, amount: "
        case .cashOutAmount: "Cash out, amount: "
        case .reason(let cashIn, let amount): "\(cashIn ? "Cash in" : "Cash out") \(amount), reason: "
        case .counted: "Counted cash in the drawer: "
        }
    }

    private func keyHints(_ response: ShiftDataFlow.Response) -> [KeyHint] {
        if response.prompt != nil { return [KeyHint("Enter", "OK"), KeyHint("Esc", "Cancel")] }
        if response.open != nil {
            return [KeyHint("F3", "Cash in"), KeyHint("F4", "Cash out"), KeyHint("F5", "Close shift"), KeyHint("Esc", "Back")]
        }
        return [KeyHint("F2", "Open shift"), KeyHint("F6", "Reprint Z"), KeyHint("Esc", "Back")]
    }
}
