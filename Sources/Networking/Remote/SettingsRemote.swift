import POSFoundation

/// Store settings groups.
public struct SettingsRemote: Sendable {
    private let remote: Remote

    public init(network: any Network) { remote = Remote(network: network) }

    /// Loads the general settings: currency, separators, decimals, store address, taxes on/off.
    public func loadGeneralSettings() async throws(NetworkError) -> [SiteSetting] {
        try await loadSettings(group: "general")
    }

    /// Loads any settings group, such as "tax".
    public func loadSettings(group: String) async throws(NetworkError) -> [SiteSetting] {
        try await remote.enqueue(RESTRequest.wooCommerce(.get, "settings/\(group)"), mapper: SiteSettingListMapper())
    }
}
