import POSFoundation

/// The system status report: versions and plugins.
public struct SystemStatusRemote: Sendable {
    private let remote: Remote

    public init(network: any Network) { remote = Remote(network: network) }

    /// Loads the report; `fields` limits it (`["environment", "active_plugins", "settings"]` keeps it small).
    public func loadSystemStatus(fields: [String] = ["environment", "active_plugins", "settings"]) async throws(NetworkError) -> SystemStatus {
        var query = QueryParameters()
        query.set("_fields", list: fields)
        return try await remote.enqueue(RESTRequest.wooCommerce(.get, "system_status", query: query), mapper: SystemStatusMapper())
    }
}
