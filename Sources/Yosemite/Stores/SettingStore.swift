import Networking
import POSFoundation
import Storage

/// Keeps the store's settings (currency, separators, tax options, address) in the local database.
@MainActor
public final class SettingStore: Store, ActionsProcessor {
    private let network: any Network
    private let siteURL: String

    public init(dispatcher: Dispatcher, environment: AppEnvironment, network: any Network, siteURL: String) {
        self.network = network
        self.siteURL = siteURL
        super.init(dispatcher: dispatcher, environment: environment)
    }

    override public func registerSupportedActions(in dispatcher: Dispatcher) {
        dispatcher.register(processor: self)
    }

    public func onAction(_ action: SettingAction) async throws(SettingError) -> Replied {
        switch action {
        case let .synchronizeStoreSettings(limiter, reply):
            var network = network
            if let limiter { network = network.limited(by: limiter) }
            return reply(try await Self.synchronize(network: network, database: environment.database, siteURL: siteURL))
        case let .loadStoreSettings(reply):
            return reply(try await Self.load(environment.database))
        }
    }

    private nonisolated static func synchronize(
        network: any Network, database: AppDatabase, siteURL: String
    ) async throws(SettingError) -> StoreSettings {
        let settings: StoreSettings
        do {
            // Four independent requests, side by side (a limiter, when given, decides how many go at once); the
            // first failure, in this order, is the one reported, and the others are cancelled.
            let remote = SettingsRemote(network: network)
            async let general = Self.result { () throws(NetworkError) in try await remote.loadGeneralSettings() }
            async let index = Self.result { () throws(NetworkError) in try await SiteRemote(network: network).loadIndex() }
            async let tax = Self.result { () throws(NetworkError) in try await remote.loadSettings(group: "tax") }
            async let language = StoreSettings.siteLanguage(network: network)
            settings = StoreSettings(
                storeName: try await index.get().name, siteURL: siteURL, general: try await general.get(),
                tax: try await tax.get(), language: await language)
        } catch {
            throw .network(error)
        }
        do {
            try await SettingsRepository(database: database).save(settings)
            return settings
        } catch {
            throw .storage(StorageError(wrapping: error))
        }
    }

    /// What `body` returned or threw, as a value (an `async let` of a typed-throws call loses the error's type).
    private nonisolated static func result<Value>(
        _ body: () async throws(NetworkError) -> Value
    ) async -> Result<Value, NetworkError> {
        do throws(NetworkError) { return .success(try await body()) } catch { return .failure(error) }
    }

    private nonisolated static func load(_ database: AppDatabase) async throws(SettingError) -> StoreSettings? {
        do {
            return try await SettingsRepository(database: database).load()
        } catch {
            throw .storage(StorageError(wrapping: error))
        }
    }
}
