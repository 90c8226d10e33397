import Yosemite

/// Loads the status line's facts from Yosemite (status, app settings, and the sync engine's connectivity).
@MainActor
struct StatusBarLoader {
    let stores: StoresManager

    /// The current status, or `nil` when it cannot be read. Never waits for the network: connectivity is what the
    /// sync engine last saw.
    func load() async -> StatusBarModel? {
        guard let status = try? await stores.perform({ StatusAction.loadStatus(onCompletion: $0) }) else { return nil }
        let settings = try? await stores.perform { AppSettingsAction.loadAppSettings(onCompletion: $0) }
        var connectivity: ConnectivityMonitor.State?
        if stores.canSell { connectivity = try? await stores.perform { SyncAction.loadConnectivity(onCompletion: $0) } }
        var model = StatusBarModel(status: status, appSettings: settings, connectivity: connectivity)
        if settings?.printerName == nil { model.printer = await defaultPrinterLabel() }
        return model
    }

    /// With no printer chosen, receipts go to the print system's default printer, or to text files when there is none ("printer: files"):
    /// the status line says which, never "default printer" when no such printer exists.
    private func defaultPrinterLabel() async -> String {
        let printers = (try? await stores.perform { ReceiptAction.listPrinters(onCompletion: $0) }) ?? []
        if let printer = printers.first(where: \.isDefault) { return printer.name }
        return "files"
    }
}
