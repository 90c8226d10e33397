import Yosemite

/// Loads the status line's facts from Yosemite (status and app settings).
@MainActor
struct StatusBarLoader {
    let stores: StoresManager

    /// The current status, or `nil` when it cannot be read.
    func load() async -> StatusBarModel? {
        guard let status = try? await stores.perform({ StatusAction.loadStatus(onCompletion: $0) }) else { return nil }
        let settings = try? await stores.perform { AppSettingsAction.loadAppSettings(onCompletion: $0) }
        return StatusBarModel(status: status, appSettings: settings)
    }
}
