import Storage
/// Answers "what is this counter connected to, and is everything safe on the server?" in every session state.
@MainActor
public final class StatusStore: Store {
    override public func registerSupportedActions(in dispatcher: Dispatcher) {
        dispatcher.register(processor: self, for: StatusAction.self)
    }

    override public func onAction(_ action: any Action) {
        guard let action = action as? StatusAction else {
            preconditionFailure("StatusStore received \(type(of: action))")
        }
        switch action {
        case .loadStatus(let onCompletion):
            loadStatus(onCompletion: onCompletion)
        }
    }

    private func loadStatus(onCompletion: @escaping @Sendable (Result<CounterStatus, SettingError>) -> Void) {
        let environment = environment
        Task {
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
                onCompletion(.success(status))
            } catch {
                onCompletion(.failure(.storage(String(describing: error))))
            }
        }
    }
}
