import Foundation
import POSFoundation
import Testing
import Yosemite
import YosemiteTestSupport
@testable import Counter

/// The shift screen in the whole counter headless, on a demo data directory with the real stores.
@MainActor
/// The time limit is a hang guard (a frame that never comes), not a speed check: every test of the package runs
/// in one process at once, so a test's wall time is the whole suite's on a loaded 2-core machine (measured ~100 s
/// at load 12, as for the Yosemite store suites next to it); alone it takes under 2 s.
@Suite(.timeLimit(.minutes(5)))
struct CounterAppShiftTests {
    private func keys(_ text: String) -> [KeyEvent] { text.map { KeyEvent.character($0) } + [.enter] }

    @Test func shift_openSellCashOutClose_zReportShowsExpectedCashAndDifference() async throws {
        // Given the demo counter
        let directory = try TestDataDirectory()
        defer { directory.remove() }
        let manager = StoresManager(environment: try AppEnvironment.test(directory: directory))
        try await manager.openDemo()
        let status = try await manager.dispatch { StatusAction.loadStatus(reply: $0) }
        let screen = CanvasScreen(size: TerminalSize(rows: 30, columns: 100))
        let app = CounterApp(stores: manager, settings: try #require(status.store), screen: screen)
        let running = Task { await app.run() }
        _ = await screen.frame { $0.contains("Demo Store") }

        // When the cashier opens a shift with 100.00
        screen.type([.function(8)])
        _ = await screen.frame { $0.contains("No shift open") }
        screen.type([.function(2)])
        _ = await screen.frame { $0.contains("Float (cash counted") }
        screen.type(keys("100"))
        _ = await screen.frame { $0.contains("Shift 1 is open") }
        // And sells an espresso (2,20 €) for the exact cash
        screen.type([.escape])
        _ = await screen.frame { $0.contains("Search or scan") }
        screen.scan("4006381333931")
        _ = await screen.frame { $0.contains("TOTAL 2,20 €") }
        screen.type([.function(12)])
        _ = await screen.frame { $0.contains("Amount due:  2,20 €") }
        screen.type([.enter])
        _ = await screen.frame { $0.contains("Sale 1 saved") }
        screen.type([.escape])
        _ = await screen.frame { $0.contains("Search or scan") }
        // And takes 5,00 € out, then closes with 96,00 € counted
        screen.type([.function(8)])
        _ = await screen.frame { $0.contains("Expected cash") && $0.contains("102,20 €") }
        screen.type([.function(4)])
        screen.type(keys("5"))
        _ = await screen.frame { $0.contains("reason:") }
        screen.type(keys("bank"))
        _ = await screen.frame { $0.contains("Cash out recorded") }
        screen.type([.function(5)])
        _ = await screen.frame { $0.contains("Counted cash in the drawer") }
        screen.type(keys("96"))

        // Then the Z report shows the expected cash and the difference
        let report = await screen.frame { $0.contains("closed — Z report") && $0.contains("Difference") }
        #expect(report.contains("97,20 €"))
        #expect(report.contains("-1,20 €"))
        screen.close()
        await running.value
    }
}
