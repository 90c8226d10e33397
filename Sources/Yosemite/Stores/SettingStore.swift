import Networking
import POSFoundation

/// Keeps the store's settings (currency, separators, tax options, address) in the local database.
@MainActor
public final class SettingStore: Store {
    private let network: any Network
    private let siteURL: String

    public init(dispatcher: Dispatcher, environment: AppEnvironment, network: any Network, siteURL: String) {
        self.network = network
        self.siteURL = siteURL
        super.init(dispatcher: dispatcher, environment: environment)
    }

    override public func registerSupportedActions(in dispatcher: Dispatcher) {
        dispatcher.register(processor: self, for: SettingAction.self)
    }

    override public func onAction(_ action: any Action) {
        guard let action = action as? SettingAction else {
            preconditionFailure("SettingStore received \(type(of: action))")
        }
        switch action {
        case .synchronizeStoreSettings(let onCompletion):
            synchronize(onCompletion: onCompletion)
        case .loadStoreSettings(let onCompletion):
            load(onCompletion: onCompletion)
        }
    }

    private func synchronize(onCompletion: @escaping @Sendable (Result<StoreSettings, SettingError>) -> Void) {
        let network = network, database = environment.database, siteURL = siteURL
        Task {
            let settings: StoreSettings
            do {
                let index = try await SiteRemote(network: network).loadIndex()
                let remote = SettingsRemote(network: network)
                let general = try await remote.loadGeneralSettings()
                let tax = try await remote.loadSettings(group: "tax")
                settings = StoreSettings(storeName: index.name, siteURL: siteURL, general: general, tax: tax)
            } catch {
                onCompletion(.failure(.network(String(describing: error))))
                return
            }
            do {
                try await SettingsRepository(database: database).save(settings)
                onCompletion(.success(settings))
            } catch {
                onCompletion(.failure(.storage(String(describing: error))))
            }
        }
    }

    private func load(onCompletion: @escaping @Sendable (Result<StoreSettings?, SettingError>) -> Void) {
        let database = environment.database
        Task {
            do {
                onCompletion(.success(try await SettingsRepository(database: database).load()))
            } catch {
                onCompletion(.failure(.storage(String(describing: error))))
            }
        }
    }
}
