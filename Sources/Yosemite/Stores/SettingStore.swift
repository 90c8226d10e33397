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
        case let .synchronizeStoreSettings(reply):
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
            let index = try await SiteRemote(network: network).loadIndex()
            let remote = SettingsRemote(network: network)
            let general = try await remote.loadGeneralSettings()
            let tax = try await remote.loadSettings(group: "tax")
            settings = StoreSettings(storeName: index.name, siteURL: siteURL, general: general, tax: tax,
                                     language: await StoreSettings.siteLanguage(network: network))
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

    private nonisolated static func load(_ database: AppDatabase) async throws(SettingError) -> StoreSettings? {
        do {
            return try await SettingsRepository(database: database).load()
        } catch {
            throw .storage(StorageError(wrapping: error))
        }
    }
}
