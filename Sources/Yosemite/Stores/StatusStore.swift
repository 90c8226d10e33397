import Storage
/// Answers "what is this counter connected to, and is everything safe on the server?" in every session state.
@MainActor
public final class StatusStore: Store, ActionsProcessor {
    override public func registerSupportedActions(in dispatcher: Dispatcher) {
        dispatcher.register(processor: self)
    }

    public func onAction(_ action: StatusAction) async throws(SettingError) -> Replied {
        switch action {
        case let .loadStatus(reply):
            return reply(try await Self.loadStatus(environment))
        }
    }

    private nonisolated static func loadStatus(_ environment: AppEnvironment) async throws(SettingError) -> CounterStatus {
            do {
                let saved = try environment.files.read(
                    SavedCredentials.self, from: environment.file(AppEnvironment.FileName.credentials)
                )
                let settings = try await SettingsRepository(database: environment.database).load()
                let isDemo = try await DemoStoreSeeder(environment: environment).isDemo()
                let mode: CounterStatus.Mode = saved != nil ? .store : (isDemo ? .demo : .unconfigured)
                var status = CounterStatus(
                    mode: mode,
                    account: saved.map { Account(siteURL: $0.siteURL, username: $0.username, displayName: $0.displayName) },
                    store: settings,
                    unsyncedEntries: try await environment.database.unsyncedOutboxCount(),
                    unresolvedPayments: try await environment.database.unresolvedPaymentCount(),
                    unsyncedOrders: try await environment.database.unsyncedOrderCount()
                )
                status.fiscalOutage = await FiscalService(environment: environment).openOutage()
                status.training = try await environment.database.registerTraining()
                return status
            } catch {
                throw .storage(StorageError(wrapping: error))
            }
    }
}
