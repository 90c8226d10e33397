/// Which card reader a front uses when none is named: the remembered one (the last connected), else the in-process
/// simulator (`sim://`) in the demo store, else none (the card store then says how to set one up). One rule for the
/// counter and the command line (`pos sell --pay card`, `pos refund`, `pos reader …` without `--reader`), so both
/// take a card on the same reader.
@MainActor
public enum ReaderChoice {
    /// The reader address to use, or `nil`.
    public static func address(stores: StoresManager) async -> String? {
        if let settings = try? await stores.dispatch({ AppSettingsAction.loadAppSettings(reply: $0) }),
           let remembered = settings.readerAddress {
            return remembered
        }
        if let status = try? await stores.dispatch({ StatusAction.loadStatus(reply: $0) }), status.mode == .demo {
            return "sim://"
        }
        return nil
    }
}
