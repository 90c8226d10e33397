import Foundation
import Logging
import Networking
import POSFoundation
import Storage

/// Logs in to a WooCommerce store, remembers the account, and logs out.
///
/// Login asks the site for real, in an order that tells failures apart: the WordPress index (reachable? WordPress?
/// WooCommerce active?), then the current user (credentials right? allowed to manage the shop?), then the
/// store's settings (the permission check WooCommerce itself applies). Only when all pass are the credentials
/// saved (mode 0600) with the store's settings.
@MainActor
public final class AccountStore: Store, ActionsProcessor {
    override public func registerSupportedActions(in dispatcher: Dispatcher) {
        dispatcher.register(processor: self)
    }

    public func onAction(_ action: AccountAction) async throws(AccountError) -> Replied {
        let environment = environment
        switch action {
        case let .login(siteURL, username, applicationPassword, reply):
            return reply(try await Self.login(
                siteURL: siteURL, username: username, applicationPassword: applicationPassword, environment: environment
            ).get())
        case let .logout(force, reply):
            try await Self.logout(force: force, environment: environment).get()
            return reply()
        case let .loadAccount(reply):
            return reply(try loadAccount().get())
        case let .openDemoStore(reply):
            return reply(try await Self.openDemoStore(environment))
        }
    }
}

// MARK: - Login

extension AccountStore {
    nonisolated private static func login(
        siteURL: String,
        username: String,
        applicationPassword: String,
        environment: AppEnvironment
    ) async -> Result<(Account, StoreSettings), AccountError> {
        let credentials: Credentials
        do {
            let site = try SiteAddress(siteURL)
            credentials = Credentials(site: site, username: username, applicationPassword: applicationPassword)
        } catch {
            return .failure(AccountError(loginFailure: error, siteURL: siteURL, username: username))
        }
        let network = environment.makeNetwork(credentials)
        let siteRemote = SiteRemote(network: network, site: credentials.site)
        let account: Account
        let settings: StoreSettings
        do {
            let index = try await siteRemote.loadIndex()
            let user = try await siteRemote.loadCurrentUser()
            guard user.canManageWooCommerce else {
                return .failure(.insufficientPermission(username: username))
            }
            let settingsRemote = SettingsRemote(network: network)
            let general = try await settingsRemote.loadGeneralSettings()
            let tax = try await settingsRemote.loadSettings(group: "tax")
            settings = StoreSettings(
                storeName: index.name,
                siteURL: credentials.site.description,
                general: general,
                tax: tax,
                language: await StoreSettings.siteLanguage(network: network)
            )
            account = Account(siteURL: credentials.site.description, username: username, displayName: user.name)
        } catch {
            return .failure(AccountError(loginFailure: error, siteURL: siteURL, username: username))
        }

        do {
            try environment.files.write(
                SavedCredentials(credentials: credentials, displayName: account.displayName),
                to: environment.file(AppEnvironment.FileName.credentials),
                permissions: 0o600
            )
            // A data directory that ran the demo store starts clean for the real one.
            if try await DemoStoreSeeder(environment: environment).isDemo() {
                try await environment.database.wipeStoreData()
            }
            try await SettingsRepository(database: environment.database).save(settings)
        } catch {
            return .failure(.storage(StorageError(wrapping: error)))
        }
        environment.logger.info("logged in", metadata: ["site": "\(account.siteURL)", "user": "\(username)"])
        return .success((account, settings))
    }
}

// MARK: - Logout and account

extension AccountStore {
    nonisolated private static func logout(force: Bool, environment: AppEnvironment) async -> Result<Void, AccountError> {
        do {
            let pending = try await environment.database.unsyncedOutboxCount()
            let unresolved = try await environment.database.unresolvedPaymentCount()
            let carts = try await environment.database.openCartCount()
            if (pending > 0 || unresolved > 0 || carts > 0) && !force {
                return .failure(.pendingWork(unsyncedEntries: pending, unresolvedPayments: unresolved, openCarts: carts))
            }
            // Logging out wipes the TSE journal: refused while any of its records (sales, refunds, cash
            // movements) is not in an export.
            let unexported = try await FiscalExportLedger.unexported(environment)
            if !unexported.isEmpty && !force {
                return .failure(.fiscalDataNotExported(sales: unexported.sales, movements: unexported.movements))
            }
            if pending > 0 || unresolved > 0 || carts > 0 || !unexported.isEmpty {
                environment.logger.warning(
                    "forced logout discards unsynced work",
                    metadata: ["outbox": "\(pending)", "journal": "\(unresolved)", "carts": "\(carts)",
                               "unexportedFiscalSales": "\(unexported.sales)",
                               "unexportedFiscalMovements": "\(unexported.movements)"]
                )
            }
            try await environment.database.wipeStoreData()
            try environment.files.delete(at: environment.file(FiscalExportLedger.fileName))
            try environment.files.delete(at: environment.file(AppEnvironment.FileName.credentials))
            environment.logger.info("logged out")
            return .success(())
        } catch {
            return .failure(.storage(StorageError(wrapping: error)))
        }
    }

    nonisolated private static func openDemoStore(_ environment: AppEnvironment) async throws(AccountError) -> StoreSettings {
        do {
            let seeder = DemoStoreSeeder(environment: environment)
            try await seeder.seedIfNeeded()
            let settings = try await SettingsRepository(database: environment.database).load()
            return settings ?? DemoStoreSeeder.settings
        } catch {
            throw .storage(StorageError(wrapping: error))
        }
    }

    private func loadAccount() -> Result<Account?, AccountError> {
        do {
            guard let saved = try environment.files.read(
                SavedCredentials.self, from: environment.file(AppEnvironment.FileName.credentials)
            ) else { return .success(nil) }
            return .success(Account(siteURL: saved.siteURL, username: saved.username, displayName: saved.displayName))
        } catch {
            return .failure(.storage(StorageError(wrapping: error)))
        }
    }
}
