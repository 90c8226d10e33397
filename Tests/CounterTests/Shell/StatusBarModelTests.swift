import Testing
import Yosemite
@testable import Counter

/// The status line's online/offline, from what the sync engine last saw.
struct StatusBarModelTests {
    static let account = Account(siteURL: "https://shop.example", username: "ann", displayName: "Ann")

    @Test(arguments: [
        (ConnectivityMonitor.State?.some(.online), "online"), (.some(.offline), "offline"), (.some(.unknown), "not checked yet"),
        (nil, "not checked yet"),
    ])
    func init_realStore_showsTheEngineConnectivity(state: ConnectivityMonitor.State?, expected: String) {
        // Given a logged-in counter with two entries waiting
        let status = CounterStatus(mode: .store, account: Self.account, store: nil, unsyncedEntries: 2, unresolvedPayments: 0)
        // When
        let model = StatusBarModel(status: status, appSettings: AppSettings(cashierName: "Ada"), connectivity: state)
        // Then
        #expect(model.connectivity == expected)
        #expect(model.unsynced == 2)
        #expect(model.cashier == "Ada")
        #expect(!model.isDemo)
    }

    @Test func init_demo_saysNoNetworkWhateverTheEngineSays() {
        // Given
        let status = CounterStatus(mode: .demo, account: nil, store: nil, unsyncedEntries: 0, unresolvedPayments: 0)
        // When
        let model = StatusBarModel(status: status, appSettings: nil, connectivity: .online)
        // Then
        #expect(model.connectivity == "no network (demo)")
        #expect(model.isDemo)
    }
}
