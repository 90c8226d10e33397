import Localization

/// Turns the readers state into strings. Pure.
public struct ReadersPresenter: Sendable {
    /// Creates the presenter.
    public init() {}

    /// The view model of a response.
    public func viewModel(_ response: ReadersDataFlow.Response) -> ReadersDataFlow.ViewModel {
        let rows = response.readers.enumerated().map { index, reader in
            let connected = reader.address == response.connected
            let state = connected ? L10n.tr("status.reader.connected") : ""
            return ReadersDataFlow.ViewModel.Row(
                text: TextWidth.padded(reader.address, to: 34) + TextWidth.padded(reader.name, to: 26)
                    + TextWidth.padded(Self.source(reader.source), to: 12) + state,
                isSelected: index == response.selected, isConnected: connected)
        }
        var message = response.message
        if response.isBusy && message == nil { message = L10n.tr("readers.talking") }
        return ReadersDataFlow.ViewModel(
            rows: rows,
            unresolved: response.unresolved.isEmpty ? [L10n.tr("readers.noUnresolved")] : response.unresolved,
            report: response.report, message: message, isError: response.isError)
    }

    /// Where a reader was found, for a person ("simulator", "remembered", "plugged in" are the interactor's tags).
    static func source(_ tag: String) -> String {
        switch tag {
        case "simulator": L10n.tr("readers.source.simulator")
        case "remembered": L10n.tr("readers.source.remembered")
        case "plugged in": L10n.tr("readers.source.pluggedIn")
        default: tag
        }
    }
}
