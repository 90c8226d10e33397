import Foundation
import POSFoundation
import Testing
import Yosemite
import YosemiteTestSupport
@testable import Counter

/// The back-office screens (F7: sync, printers, settings, login) in the whole counter headless, on a demo data
/// directory with the real stores.
@MainActor
/// The time limit is a hang guard (a frame that never comes), not a speed check: every test of the package runs
/// in one process at once, so a test's wall time is the whole suite's on a loaded 2-core machine (measured ~100 s
/// at load 12, as for the Yosemite store suites next to it); alone it takes under 2 s.
@Suite(.timeLimit(.minutes(5)))
struct CounterAppBackOfficeTests {
    private func openDemoCounter(_ directory: TestDataDirectory, liveNetwork: Bool = false)
        async throws -> (CanvasScreen, StoresManager, Task<Void, Never>) {
        let environment = liveNetwork ? try AppEnvironment.test(directory: directory, makeNetwork: AppEnvironment.liveNetwork)
            : try AppEnvironment.test(directory: directory)
        let manager = StoresManager(environment: environment)
        try await manager.openDemo()
        let status = try await manager.dispatch { StatusAction.loadStatus(reply: $0) }
        let screen = CanvasScreen(size: TerminalSize(rows: 30, columns: 140))
        let app = CounterApp(stores: manager, settings: try #require(status.store), screen: screen)
        let running = Task { await app.run() }
        _ = await screen.frame { $0.contains("Demo Store") && $0.contains("Search or scan") }
        return (screen, manager, running)
    }

    private func typed(_ text: String) -> [KeyEvent] { text.map { KeyEvent.character($0) } }

    @Test func syncScreen_demo_saysNothingToSync() async throws {
        // Given the demo counter
        let directory = try TestDataDirectory()
        defer { directory.remove() }
        let (screen, _, running) = try await openDemoCounter(directory)
        // When the cashier opens the sync screen from the menu and syncs
        screen.type([.function(7)])
        _ = await screen.frame { $0.contains("Back office") }
        screen.type(typed("1"))
        _ = await screen.frame { $0.contains("demo: nothing to sync (the demo store has no site)") }
        screen.type([.function(2)])
        // Then the sync answers as the demo store does
        let frame = await screen.frame { canvas in
            canvas.rendered().split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "demo: nothing to sync" }
        }
        #expect(frame.contains("no network (demo)"))
        // And Esc goes back to the menu it came from, then to the sell screen
        screen.type([.escape])
        _ = await screen.frame { $0.contains("Back office") }
        screen.type([.escape])
        _ = await screen.frame { $0.contains("Search or scan") }
        screen.close()
        await running.value
    }

    @Test func settingsScreen_widthAndCashier_areSavedAndShownInTheStatusLine() async throws {
        // Given the demo counter
        let directory = try TestDataDirectory()
        defer { directory.remove() }
        let (screen, manager, running) = try await openDemoCounter(directory)
        screen.type([.function(7)])
        _ = await screen.frame { $0.contains("Back office") }
        screen.type(typed("3"))
        _ = await screen.frame { $0.contains("42 characters") }
        // When the width moves on once and the cashier's name is set
        screen.type([.enter])
        _ = await screen.frame { $0.contains("48 characters") && $0.contains("Receipt width saved.") }
        screen.type([.down, .down, .down, .enter])
        _ = await screen.frame { $0.contains("Cashier name: ▏") }
        screen.type(typed("Ada") + [.enter])
        // Then both are saved and the status line names the cashier
        _ = await screen.frame { $0.contains("cashier: Ada") }
        let saved = try await manager.dispatch { AppSettingsAction.loadAppSettings(reply: $0) }
        #expect(saved.receiptWidth == 48)
        #expect(saved.cashierName == "Ada")
        screen.close()
        await running.value
    }

    @Test func printersScreen_noPrintSystem_choosesFilesAndReportsTheFailedTestPage() async throws {
        // Given the demo counter on a machine without a print system
        let directory = try TestDataDirectory()
        defer { directory.remove() }
        let (screen, manager, running) = try await openDemoCounter(directory)
        screen.type([.function(7)])
        _ = await screen.frame { $0.contains("Back office") }
        screen.type(typed("2"))
        _ = await screen.frame { $0.contains("Files in") }
        // When the file printer is chosen and a test page is printed on the default printer
        screen.type([.down, .down, .enter])
        _ = await screen.frame { $0.contains("Receipts now print on file:") }
        screen.type([.up, .up, .function(2)])
        // Then the choice is saved and the failure says what to do
        let frame = await screen.frame { $0.contains("Test page failed:") }
        #expect(frame.contains("✓ Files in"))
        let saved = try await manager.dispatch { AppSettingsAction.loadAppSettings(reply: $0) }
        #expect(saved.printerName == "file:" + directory.url.appendingPathComponent("printed").path)
        screen.close()
        await running.value
    }

    @Test func loginScreen_unreachableSite_showsTheErrorAndStaysInTheDemo() async throws {
        // Given the demo counter with the live network
        let directory = try TestDataDirectory()
        defer { directory.remove() }
        let (screen, manager, running) = try await openDemoCounter(directory, liveNetwork: true)
        screen.type([.function(7)])
        _ = await screen.frame { $0.contains("Back office") }
        screen.type(typed("4"))
        _ = await screen.frame { $0.contains("Application password") }
        // When the cashier logs in to a port nothing listens on
        screen.type(typed("http://127.0.0.1:9"))
        screen.type([.enter])
        screen.type(typed("ann"))
        screen.type([.tab])
        screen.type(typed("pass word"))
        screen.type([.enter])
        // Then the error shows, the password never does, and the counter is still the demo store
        let frame = await screen.frame { $0.contains("could not be reached") }
        #expect(!frame.contains("pass word"))
        #expect(frame.contains("•••••••••"))
        #expect(manager.isDemo)
        screen.close()
        await running.value
    }
}
