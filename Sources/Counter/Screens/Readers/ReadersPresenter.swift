/// Turns the readers state into strings. Pure.
public struct ReadersPresenter: Sendable {
    /// Creates the presenter.
    public init() {}

    /// The view model of a response.
    public func viewModel(_ response: ReadersDataFlow.Response) -> ReadersDataFlow.ViewModel {
        let rows = response.readers.enumerated().map { index, reader in
            let connected = reader.address == response.connected
            let state = connected ? "connected" : ""
            return ReadersDataFlow.ViewModel.Row(
                text: TextWidth.padded(reader.address, to: 34) + TextWidth.padded(reader.name, to: 26)
                    + TextWidth.padded(reader.source, to: 12) + state,
                isSelected: index == response.selected, isConnected: connected)
        }
        var message = response.message
        if response.isBusy && message == nil { message = "Talking to the reader…" }
        return ReadersDataFlow.ViewModel(
            rows: rows,
            unresolved: response.unresolved.isEmpty ? ["No unresolved card attempts."] : response.unresolved,
            report: response.report, message: message, isError: response.isError)
    }
}
