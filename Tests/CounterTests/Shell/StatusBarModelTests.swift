import Foundation
import POSFoundation
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

    @Test func tseOutage_statusLineSaysTSEDownWithinEightyColumns() {
        // Given a real store whose TSE is down, with a long store name and a cashier
        var status = CounterStatus(mode: .store, account: Self.account, store: nil, unsyncedEntries: 3, unresolvedPayments: 0)
        status.fiscalOutage = FiscalOutage(since: Date(timeIntervalSince1970: 0), cause: "no answer from fiskaly")
        var model = StatusBarModel(status: status, appSettings: AppSettings(cashierName: "Ada"), connectivity: .online)
        model.storeName = "Kaffeerösterei Beispiel am Hauptbahnhof"
        // When
        let line = StatusBarView.line(model, fitting: 80 - TextWidth.of(" Sale "))
        // Then the outage is among the facts the cashier always sees, and the line fits
        #expect(model.tseDown)
        #expect(line.contains("TSE DOWN"))
        #expect(line.contains("cashier: Ada"))
        #expect(TextWidth.of(line) <= 80 - TextWidth.of(" Sale "))
    }

    @Test func noOutage_statusLineSaysNothingOfTheTSE() {
        let status = CounterStatus(mode: .demo, account: nil, store: nil, unsyncedEntries: 0, unresolvedPayments: 0)
        let model = StatusBarModel(status: status, appSettings: nil, connectivity: nil)
        #expect(!model.tseDown)
        #expect(!StatusBarView.line(model, fitting: 80).contains("TSE"))
    }

    @Test func apply_sessionEvent_showsItsCountsConnectivityReaderAndPluggedTerminals() {
        // Given a logged-in counter's status line, and the session's event
        let status = CounterStatus(mode: .store, account: Self.account, store: nil, unsyncedEntries: 0, unresolvedPayments: 0)
        var model = StatusBarModel(status: status, appSettings: AppSettings(cashierName: "Ada"))
        var event = SessionEvent()
        event.unsyncedOrders = 3
        event.connectivity = .offline(lastError: "connection refused")
        event.reader.plugged = [SessionEvent.PluggedReader(address: "concert+usb://0b00:0080", name: "Ingenico Desk/5000",
                                                           usbID: "0b00:0080")]
        event.reader.connectedAddress = "sim://"
        event.printer = .failed(printer: "TM-T20", error: "out of paper")

        // When
        model.apply(event)
        let line = StatusBarView.line(model, fitting: 160)

        // Then
        #expect(model.connectivity == "offline")
        #expect(model.unsynced == 3)
        #expect(model.readerConnected)
        #expect(line.contains("3 unsynced"))
        #expect(line.contains("plugged: 0b00:0080"))
        #expect(line.contains("printer: default printer failed"))
    }

    @Test func apply_demo_staysWithoutNetwork() {
        let status = CounterStatus(mode: .demo, account: nil, store: nil, unsyncedEntries: 0, unresolvedPayments: 0)
        var model = StatusBarModel(status: status, appSettings: nil)
        var event = SessionEvent()
        event.connectivity = .demo
        model.apply(event)
        #expect(model.connectivity == "no network (demo)")
        #expect(!StatusBarView.line(model, fitting: 100).contains("plugged"))
    }

    @Test func training_bannerLeadsTheLine_within80Columns() {
        // Given the demo counter whose register was switched into training
        var status = CounterStatus(mode: .demo, account: nil, store: nil, unsyncedEntries: 0, unresolvedPayments: 0)
        status.training = true
        var model = StatusBarModel(status: status, appSettings: nil)
        #expect(model.training)
        var canvas = TextCanvas(size: TerminalSize(rows: 2, columns: 80))

        // When the status line is drawn at 80 columns
        StatusBarView.draw(model, title: "Sell · TRAINING", in: &canvas, row: 0)

        // Then it starts with DEMO and TRAINING and still ends with the title
        let line = String(canvas.rendered().split(separator: "\n").first ?? "")
        #expect(line.hasPrefix(" DEMO  TRAINING "), "\(line)")
        #expect(line.hasSuffix(" Sell · TRAINING"), "\(line)")
        #expect(TextWidth.of(line) <= 80)

        // And a session event out of training takes the banner away
        model.apply(SessionEvent())
        #expect(!model.training)
    }
}
