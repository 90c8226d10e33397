import Yosemite

/// Loads the status line's settled facts from Yosemite (status, app settings); what changes on its own
/// (unsynced, connectivity, reader, TSE) comes from the session's events (`StoresManager.sessionEvents()`).
@MainActor
struct StatusBarLoader {
    let stores: StoresManager
    /// The default printer's label from a recent load, to reuse instead of asking the print system again.
    var knownDefaultPrinter: String? = nil

    /// The current status, or `nil` when it cannot be read. Never waits for the network. Also returns the default printer's label when it asked the print system for it, for
    /// the caller to pass back as ``knownDefaultPrinter`` for a while.
    func load() async -> (StatusBarModel, askedDefaultPrinter: String?)? {
        guard let status = try? await stores.dispatch({ StatusAction.loadStatus(reply: $0) }) else { return nil }
        let settings = try? await stores.dispatch { AppSettingsAction.loadAppSettings(reply: $0) }
        var model = StatusBarModel(status: status, appSettings: settings)
        var asked: String?
        if settings?.printerName == nil {
            if let knownDefaultPrinter {
                model.printer = knownDefaultPrinter
            } else {
                asked = await defaultPrinterLabel()
                model.printer = asked ?? model.printer
            }
        }
        return (model, asked)
    }

    /// With no printer chosen, receipts go to the print system's default printer, or to text files when there is
    /// none ("printer: files"): the status line says which, never "default printer" when no such printer exists.
    private func defaultPrinterLabel() async -> String {
        let printers = (try? await stores.dispatch { ReceiptAction.listPrinters(reply: $0) }) ?? []
        return printers.first(where: \.isDefault)?.name ?? "files"
    }
}
