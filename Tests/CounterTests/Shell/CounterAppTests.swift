import Foundation
import POSFoundation
import Testing
import Yosemite
import YosemiteTestSupport
@testable import Counter

/// The whole counter headless: the shell, the screens and the real stores on a demo data directory.
@MainActor
/// The time limit is a hang guard (a frame that never comes), not a speed check: every test of the package runs
/// in one process at once, so a test's wall time is the whole suite's on a loaded 2-core machine (measured ~100 s
/// at load 12, as for the Yosemite store suites next to it); alone it takes under 2 s.
@Suite(.timeLimit(.minutes(5)))
struct CounterAppTests {
    private func openDemoCounter(_ directory: TestDataDirectory) async throws -> (CounterApp, CanvasScreen, StoresManager, Task<Void, Never>) {
        let manager = StoresManager(environment: try AppEnvironment.test(directory: directory))
        try await manager.openDemo()
        let status = try await manager.dispatch { StatusAction.loadStatus(reply: $0) }
        let screen = CanvasScreen(size: TerminalSize(rows: 30, columns: 100))
        let app = CounterApp(stores: manager, settings: try #require(status.store), screen: screen)
        let running = Task { await app.run() }
        return (app, screen, manager, running)
    }

    @Test func scanTwoBarcodes_thenPayCash_savesTheSaleAndShowsTheChange() async throws {
        // Given the demo counter
        let directory = try TestDataDirectory()
        defer { directory.remove() }
        let (_, screen, manager, running) = try await openDemoCounter(directory)
        #expect(manager.isDemo)
        _ = await screen.frame { $0.contains("DEMO") && $0.contains("Demo Store") }

        // When a scanner reads an espresso and a croissant
        screen.scan("4006381333931")
        _ = await screen.frame { $0.contains("Espresso") }
        screen.scan("4006381333993")
        let cart = await screen.frame { $0.contains("Croissant") && $0.contains("TOTAL 4,00 €") }
        #expect(cart.contains("2 items"))

        // And the cashier takes 10 € in cash
        screen.type([.function(12)])
        _ = await screen.frame { $0.contains("Amount due:  4,00 €") }
        screen.type([.character("1"), .character("0"), .enter])

        // Then the receipt screen shows the change, and the order is saved
        let receipt = await screen.frame { $0.contains("CHANGE:    6,00 €") }
        #expect(receipt.contains("Sale 1 saved"))
        let orders = try await manager.dispatch { OrderAction.listOrders(filter: .init(), reply: $0) }
        #expect(orders.map(\.total.minorUnits) == [400])
        #expect(orders.first?.lines.map(\.name) == ["Espresso", "Croissant"])
        screen.close()
        await running.value
    }

    @Test func scan_unknownBarcode_saysSoAndKeepsWhatWasTyped() async throws {
        // Given the cashier typed "bag" into the search
        let directory = try TestDataDirectory()
        defer { directory.remove() }
        let (_, screen, _, running) = try await openDemoCounter(directory)
        screen.type([.character("b"), .character("a"), .character("g")])
        _ = await screen.frame { $0.contains("Search or scan: bag") && $0.contains("Bagel") }

        // When a code the catalog does not have is scanned
        screen.scan("4006381333000")

        // Then the screen names it and offers a manual item, and the search is untouched
        let frame = await screen.frame { $0.contains("4006381333000 is not in the catalog. Manual item") }
        #expect(frame.contains("Search or scan: bag"))
        // And Esc skips the manual item, leaving the message
        screen.type([.escape])
        let skipped = await screen.frame { $0.contains("unknown barcode 4006381333000 — not in the catalog") }
        #expect(skipped.contains("Search or scan: bag"))
        screen.close()
        await running.value
    }

    @Test func orders_afterASale_listsIt() async throws {
        let directory = try TestDataDirectory()
        defer { directory.remove() }
        let (_, screen, _, running) = try await openDemoCounter(directory)
        screen.scan("4006381334044")
        _ = await screen.frame { $0.contains("Mineral Water") && $0.contains("TOTAL 1,99 €") }
        screen.type([.function(12)])
        _ = await screen.frame { $0.contains("Amount due") }
        screen.type([.function(2)])
        _ = await screen.frame { $0.contains("CHANGE:") }
        screen.type([.escape])
        _ = await screen.frame { $0.contains("Search or scan") }

        // When the cashier opens the orders
        screen.type([.function(9)])

        // Then the sale is there
        let frame = await screen.frame { $0.contains("1,99 €") && $0.contains("Search orders") }
        #expect(frame.contains("1 items") || frame.contains("1 item"))
        screen.close()
        await running.value
    }
}
