import Foundation
import GRDB
import Networking
import POSFoundation
import Storage
import Testing
import YosemiteTestSupport
import WooTestServer
@testable import Yosemite

@MainActor
@Suite(.serialized)
struct StoresManagerTests {
    let server = WooTestServer()
    let siteURL: String
    let directory: TestDataDirectory

    init() throws {
        siteURL = try server.start().absoluteString
        server.seedDemoStore()
        server.addUser(username: "manager", applicationPassword: "good-pass", role: .shopManager)
        server.addUser(username: "reader", applicationPassword: "sub-pass", role: .subscriber)
        directory = try TestDataDirectory()
    }

    private func tearDown() {
        server.stop()
        directory.remove()
    }

    private func makeManager() throws -> StoresManager {
        let environment = try AppEnvironment.test(directory: directory, makeNetwork: AppEnvironment.liveNetwork)
        return StoresManager(environment: environment)
    }

    private func loginAsManager(_ manager: StoresManager) async throws {
        _ = try await manager.login(siteURL: siteURL, username: "manager", applicationPassword: "good-pass")
    }

    // MARK: - Start and login

    @Test func init_emptyDataDirectory_isDeauthenticated() throws {
        defer { tearDown() }
        let manager = try makeManager()
        #expect(!manager.isAuthenticated)
        #expect(manager.account == nil)
    }

    @Test func login_goodCredentials_authenticatesAndSavesCredentialsOwnerOnly() async throws {
        defer { tearDown() }
        // Given
        let manager = try makeManager()
        // When
        let (account, settings) = try await manager.login(siteURL: siteURL, username: "manager", applicationPassword: "good-pass")
        // Then
        #expect(manager.isAuthenticated)
        #expect(account.username == "manager")
        #expect(settings.storeName == "Demo Store")
        #expect(settings.currency == Currency(code: "EUR", exponent: 2))
        #expect(settings.taxes.pricesIncludeTax)
        let path = directory.url.appendingPathComponent(AppEnvironment.FileName.credentials).path
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let stored: Yosemite.StoreSettings? = try await manager.dispatch { SettingAction.loadStoreSettings(reply: $0) }
        #expect(stored == settings)
    }

    @Test func login_savedSession_isRestoredByANewManager() async throws {
        defer { tearDown() }
        try await loginAsManager(try makeManager())
        let restored = try makeManager()
        #expect(restored.isAuthenticated)
        #expect(restored.account?.username == "manager")
    }

    @Test func login_wrongPassword_failsWithBadCredentialsAndStaysLoggedOut() async throws {
        defer { tearDown() }
        let manager = try makeManager()
        await #expect(throws: AccountError.badCredentials) {
            _ = try await manager.login(siteURL: siteURL, username: "manager", applicationPassword: "wrong")
        }
        #expect(!manager.isAuthenticated)
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("credentials.json").path))
    }

    @Test func login_subscriber_failsWithInsufficientPermission() async throws {
        defer { tearDown() }
        let manager = try makeManager()
        await #expect(throws: AccountError.insufficientPermission(username: "reader")) {
            _ = try await manager.login(siteURL: siteURL, username: "reader", applicationPassword: "sub-pass")
        }
    }

    @Test func login_siteWithoutWooCommerce_failsWithWooCommerceMissing() async throws {
        defer { tearDown() }
        server.mode = .wordPressWithoutWooCommerce
        let manager = try makeManager()
        await #expect(throws: AccountError.wooCommerceMissing(siteURL)) {
            _ = try await manager.login(siteURL: siteURL, username: "manager", applicationPassword: "good-pass")
        }
    }

    @Test func login_notWordPress_failsWithNotWordPress() async throws {
        defer { tearDown() }
        server.mode = .notWordPress
        let manager = try makeManager()
        await #expect(throws: AccountError.notWordPress(siteURL)) {
            _ = try await manager.login(siteURL: siteURL, username: "manager", applicationPassword: "good-pass")
        }
    }

    @Test func login_nothingListening_failsWithSiteUnreachable() async throws {
        defer { tearDown() }
        let manager = try makeManager()
        server.stop()
        do {
            _ = try await manager.login(siteURL: siteURL, username: "manager", applicationPassword: "good-pass")
            Issue.record("login succeeded without a server")
        } catch {
            guard case .siteUnreachable = error else { Issue.record("got \(error)"); return }
        }
    }

    @Test func login_plainHTTPToAnotherHost_isRefusedBeforeAnyRequest() async throws {
        defer { tearDown() }
        let manager = try makeManager()
        await #expect(throws: AccountError.insecureSite("http://shop.example.com")) {
            _ = try await manager.login(siteURL: "http://shop.example.com", username: "manager", applicationPassword: "good-pass")
        }
    }

    // MARK: - Logout

    @Test func logout_withUnsyncedOutboxEntry_refusesAndKeepsTheSession() async throws {
        defer { tearDown() }
        // Given a logged-in counter with a sale not yet on the server
        let manager = try makeManager()
        try await loginAsManager(manager)
        try await manager.environment.database.performAndSave { db in
            try OutboxRecord.enqueue(.createOrder, orderId: nil, payload: "{}", in: db)
        }
        // When / Then
        await #expect(throws: AccountError.pendingWork(unsyncedEntries: 1, unresolvedPayments: 0)) {
            try await manager.logout(force: false)
        }
        #expect(manager.isAuthenticated)
        #expect(try await manager.environment.database.unsyncedOutboxCount() == 1)
    }

    @Test func logout_withUnresolvedPayment_refuses() async throws {
        defer { tearDown() }
        let manager = try makeManager()
        try await loginAsManager(manager)
        let now = manager.environment.now()
        try await manager.environment.database.performAndSave { db in
            try PaymentJournalRecord(
                attemptId: "attempt-1", readerId: "sim://", amount: Money(minorUnits: 1250, currency: .eur),
                state: .unknown, startedAt: now
            ).insert(db)
        }
        await #expect(throws: AccountError.pendingWork(unsyncedEntries: 0, unresolvedPayments: 1)) {
            try await manager.logout(force: false)
        }
        #expect(manager.isAuthenticated)
    }

    @Test func logout_withAnOpenCart_refusesAndKeepsTheCart() async throws {
        defer { tearDown() }
        // Given a logged-in counter with a cart being rung up
        let manager = try makeManager()
        try await loginAsManager(manager)
        let sale = try await manager.environment.database.openSale(
            clientUUID: manager.environment.uuid.client(), priced: Self.priced(items: 2))
        // When / Then
        await #expect(throws: AccountError.pendingWork(unsyncedEntries: 0, unresolvedPayments: 0, openCarts: 1)) {
            try await manager.logout(force: false)
        }
        #expect(manager.isAuthenticated)
        #expect(try await manager.environment.database.sale(id: sale.id) != nil)
    }

    @Test func logout_forced_wipesStoreDataAndCredentials() async throws {
        defer { tearDown() }
        // Given
        let manager = try makeManager()
        try await loginAsManager(manager)
        try await manager.environment.database.performAndSave { db in
            try OutboxRecord.enqueue(.createOrder, orderId: nil, payload: "{}", in: db)
        }
        // When
        try await manager.logout(force: true)
        // Then
        #expect(!manager.isAuthenticated)
        #expect(try await manager.environment.database.unsyncedOutboxCount() == 0)
        #expect(try await manager.environment.database.setting(key: SettingsRepository.storeSettingsKey) == nil)
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("credentials.json").path))
        #expect(!(try makeManager()).isAuthenticated)
    }

    @Test func logout_withUnexportedFiscalRecords_refusesUntilForced() async throws {
        defer { tearDown() }
        // Given a logged-in counter whose TSE journal holds a real store's voided sale (in no closing, so in no
        // export) and a demo-store row (simulated signatures are not fiscal records)
        let manager = try makeManager()
        try await loginAsManager(manager)
        let database = manager.environment.database
        for mode in ["live", "demo"] {
            let sale = try await database.openSale(clientUUID: manager.environment.uuid.client(), priced: Self.priced(items: 1))
            _ = try await database.voidSale(saleId: sale.id)
            _ = try await database.journalFiscalStart(saleId: sale.id, tseTransactionId: sale.order.clientUUID.description, mode: mode)
        }
        // When / Then: refused, naming the export, the journal kept
        await #expect(throws: AccountError.fiscalDataNotExported(sales: 1)) { try await manager.logout(force: false) }
        #expect(AccountError.fiscalDataNotExported(sales: 1).recoverySuggestion.contains("pos fiscal export"))
        #expect(manager.isAuthenticated)
        #expect(try await database.fiscalCounts().unsettled == 2)
        // When forced: logged out, the journal wiped
        try await manager.logout(force: true)
        #expect(!manager.isAuthenticated)
        #expect(try await database.fiscalCounts().unsettled == 0)
    }

    @Test(arguments: [FiscalMovementRecord.Kind.refund, .cashOut])
    func logout_withOnlyAnUnexportedRefundOrCashMovement_refusesUntilExported(kind: FiscalMovementRecord.Kind) async throws {
        defer { tearDown() }
        // Given a logged-in counter whose TSE journal holds no sale, only a real store's refund or cash movement
        // (its own TSE transaction) and a demo-store one (simulated signatures are not fiscal records)
        let manager = try makeManager()
        try await loginAsManager(manager)
        let environment = manager.environment
        let database = environment.database
        let now = environment.now()
        let live = try await database.journalFiscalMovement(FiscalMovementRecord(
            kind: kind, reference: "live-\(kind.rawValue)", tseTransactionId: "tx-live", mode: "live",
            receiptData: "{}", createdAt: now))
        let liveId = try #require(live.id)
        try await database.recordFiscalMovementStarted(id: liveId, transaction: "{}")
        _ = try await database.markFiscalMovementFinishing(id: liveId)
        #expect(try await database.recordFiscalMovementSignature(id: liveId, signature: "{}"))
        _ = try await database.journalFiscalMovement(FiscalMovementRecord(
            kind: kind, reference: "demo-\(kind.rawValue)", tseTransactionId: "tx-demo", mode: "demo",
            receiptData: "{}", createdAt: now))
        #expect(try await database.fiscalJournalSaleIds(excludingMode: "demo").isEmpty)

        // When / Then: refused with the existing wording naming the export, the journal kept
        let refusal = AccountError.fiscalDataNotExported(sales: 0, movements: 1)
        await #expect(throws: refusal) { try await manager.logout(force: false) }
        #expect(refusal.recoverySuggestion.contains("pos fiscal export"))
        #expect(refusal.message.contains("1 refund(s) or cash movement(s)"))
        #expect(manager.isAuthenticated)
        #expect(try await database.fiscalMovement(kind: kind, reference: "live-\(kind.rawValue)")?.state == .signed)

        // When a closing holds it but no export has covered it: still refused
        let shiftId = try await database.performAndSave { db -> Int64 in
            var shift = ShiftRecord(cashier: "manager", openingFloat: Money(minorUnits: 0, currency: .eur), openedAt: live.createdAt)
            shift.closedAt = live.createdAt.addingTimeInterval(1)
            try shift.insert(db)
            return try #require(shift.id)
        }
        await #expect(throws: refusal) { try await manager.logout(force: false) }
        #expect(manager.isAuthenticated)

        // When that closing is recorded as exported, logout goes through and wipes the journal
        try FiscalExportLedger(exportedClosings: [shiftId]).save(environment)
        #expect(try await FiscalExportLedger.unexported(environment).isEmpty)
        try await manager.logout(force: false)
        #expect(!manager.isAuthenticated)
        #expect(try await database.fiscalMovement(kind: kind, reference: "live-\(kind.rawValue)") == nil)
    }

    @Test func logout_withAnUnexportedRefund_forcedWipesIt() async throws {
        defer { tearDown() }
        let manager = try makeManager()
        try await loginAsManager(manager)
        let database = manager.environment.database
        _ = try await database.journalFiscalMovement(FiscalMovementRecord(
            kind: .refund, reference: "r-1", tseTransactionId: "tx-r-1", mode: "live", receiptData: "{}",
            createdAt: manager.environment.now()))
        await #expect(throws: AccountError.fiscalDataNotExported(sales: 0, movements: 1)) {
            try await manager.logout(force: false)
        }
        try await manager.logout(force: true)
        #expect(!manager.isAuthenticated)
        #expect(try await database.unsettledFiscalMovements().isEmpty)
    }

    @Test func logout_nothingPending_succeeds() async throws {
        defer { tearDown() }
        let manager = try makeManager()
        try await loginAsManager(manager)
        try await manager.logout(force: false)
        #expect(!manager.isAuthenticated)
    }

    // MARK: - States

    @Test func dispatch_settingActionWhileLoggedOut_throwsTheDomainsUnhandledError() async throws {
        defer { tearDown() }
        // Given: a logged-out state, which has no SettingStore
        let told = ToldActions()
        let manager = StoresManager(environment: try AppEnvironment.test(directory: directory),
                                    onUnhandledAction: { told.names.append("\(type(of: $0))") })
        // When
        do throws(SettingError) {
            _ = try await manager.dispatch { SettingAction.loadStoreSettings(reply: $0) }
            Issue.record("expected SettingError.unhandled")
        } catch {
            // Then: the domain's typed error names the action, and the process lives on
            #expect(error == .unhandled(UnhandledAction(action: "SettingAction")))
            #expect(error.message.contains("SettingAction"))
        }
        #expect(told.names == ["SettingAction"])
    }

    @Test func openDemo_seedsLooseGoodsByPLUAndTheWeightLabelLayout_whichALoginClearsWhileItIsTheDemos() async throws {
        defer { tearDown() }
        // Given the demo store, seeded on an empty data directory
        let manager = try makeManager()
        _ = try await manager.openDemo()
        let settingsURL = directory.url.appendingPathComponent(AppEnvironment.FileName.appSettings)
        func layout() throws -> String? {
            try JSONDecoder().decode(AppSettings.self, from: Data(contentsOf: settingsURL)).embeddedBarcodes
        }
        // Then it sells loose goods by weight under numeric PLUs, and reads the demo's weight labels
        #expect(try layout() == "28-29:IIIIIVVVVV:weight")
        let beans: ScannedItem = try await manager.dispatch { ProductAction.scan(code: "7", reply: $0) }
        #expect(beans.item.name == "Loose Coffee Beans")
        #expect(beans.needsWeight)
        let label: ScannedItem = try await manager.dispatch { ProductAction.scan(code: "2800007012345", reply: $0) }
        #expect(label.item.name == "Loose Coffee Beans")
        #expect(label.measure == .weight(grams: 1234))
        #expect(label.item.product.price == ExactDecimal.catalogPrice("24.90"))
        let olives: ScannedItem = try await manager.dispatch { ProductAction.scan(code: "2900021005009", reply: $0) }
        #expect(olives.item.name == "Green Olives" && olives.measure == .weight(grams: 500))

        // When a real store's login replaces the demo, the demo's layout goes with it
        try await loginAsManager(manager)
        #expect(try layout() == nil)
    }

    @Test func login_afterTheDemo_keepsALayoutTheMerchantSet() async throws {
        defer { tearDown() }
        // Given the demo, whose layout the merchant changed to their own labels
        let manager = try makeManager()
        _ = try await manager.openDemo()
        let saved: AppSettings = try await manager.dispatch {
            AppSettingsAction.updateAppSettings({ $0.embeddedBarcodes = "21:IIIIICVVVV:price" }, reply: $0)
        }
        #expect(saved.embeddedBarcodes == "21:IIIIICVVVV:price")
        // When the merchant logs in
        try await loginAsManager(manager)
        // Then their layout stays
        let loaded: AppSettings = try await manager.dispatch { AppSettingsAction.loadAppSettings(reply: $0) }
        #expect(loaded.embeddedBarcodes == "21:IIIIICVVVV:price")
    }

    @Test func dispatch_shopReportInTheDemoStore_throwsTheDomainsUnhandledError() async throws {
        defer { tearDown() }
        // Given: the demo store, which has no ShopReportStore (it has no WooCommerce site to read orders from)
        let manager = try makeManager()
        _ = try await manager.openDemo()
        #expect(manager.isDemo)
        // When
        do throws(ShopReportError) {
            _ = try await manager.dispatch { ShopReportAction.day(date: nil, timeZone: .current, reply: $0) }
            Issue.record("expected ShopReportError.unhandled")
        } catch {
            // Then
            #expect(error == .unhandled(UnhandledAction(action: "ShopReportAction")))
        }
    }

    @Test func openDemoStore_thenLogin_replacesTheDemoStore() async throws {
        defer { tearDown() }
        // Given a counter running the demo store
        let manager = try makeManager()
        let demo: Yosemite.StoreSettings = try await manager.dispatch { AccountAction.openDemoStore(reply: $0) }
        #expect(demo.storeName == "Demo Store")
        let before: CounterStatus = try await manager.dispatch { StatusAction.loadStatus(reply: $0) }
        #expect(before.mode == .demo)
        // When
        server.updateSettings { $0.siteName = "Real Shop" }
        try await loginAsManager(manager)
        // Then
        let after: CounterStatus = try await manager.dispatch { StatusAction.loadStatus(reply: $0) }
        #expect(after.mode == .store)
        #expect(after.store?.storeName == "Real Shop")
    }

    /// A priced cart of `items` pieces for 5,00 €, for the sale writes.
    static func priced(items: Int) -> PricedSale {
        var order = OrderRecord(clientUUID: ClientUUID(UUID()), localNumber: 0, currency: .eur, pricesIncludeTax: true,
                                total: 500, createdAt: Date(timeIntervalSince1970: 0))
        order.itemCount = items
        return PricedSale(order: order)
    }

}

/// The names of the actions an unhandled-action handler was told of (on the main actor, like the handler).
@MainActor
private final class ToldActions {
    var names: [String] = []
}
