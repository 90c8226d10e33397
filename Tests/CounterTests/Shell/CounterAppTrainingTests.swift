import Foundation
import POSFoundation
import Testing
import Yosemite
import YosemiteTestSupport
@testable import Counter

/// Training mode at the counter, headless on a demo data directory with the real stores: the menu's
/// key switches it, the status line carries a TRAINING banner, the sell screen's title marks a training sale (a switch
/// by another process: `PosCounterTrainingEndToEndTests`).
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct CounterAppTrainingTests {
    private func openDemoCounter(_ directory: TestDataDirectory) async throws -> (CanvasScreen, StoresManager, Task<Void, Never>) {
        let manager = StoresManager(environment: try AppEnvironment.test(directory: directory))
        try await manager.openDemo()
        let status = try await manager.dispatch { StatusAction.loadStatus(reply: $0) }
        let screen = CanvasScreen(size: TerminalSize(rows: 30, columns: 140))
        let app = CounterApp(stores: manager, settings: try #require(status.store), screen: screen)
        let running = Task { await app.run() }
        _ = await screen.frame { $0.contains("Demo Store") && $0.contains("Search or scan") }
        return (screen, manager, running)
    }

    /// The status line (the frame's first row).
    private func statusLine(_ frame: TextCanvas) -> String { String(frame.rendered().split(separator: "\n").first ?? "") }

    private func trainingBanner(_ frame: TextCanvas) -> Bool { statusLine(frame).contains(" TRAINING ") }

    @Test func menuKey_switchesTraining_statusLineAndSellTitleSaySo() async throws {
        // Given the demo counter, out of training
        let directory = try TestDataDirectory()
        defer { directory.remove() }
        let (screen, manager, running) = try await openDemoCounter(directory)
        #expect(!trainingBanner(await screen.frame { _ in true }))

        // When the cashier switches training on from the menu (6)
        screen.type([.function(7)])
        _ = await screen.frame { $0.contains("Back office") }
        screen.type([.character("6")])

        // Then the menu says so, the register is in training, and the status line leads with TRAINING
        let on = await screen.frame { [self] in $0.contains("Training is ON") && trainingBanner($0) }
        #expect(trainingBanner(on))
        #expect(try await manager.dispatch { CashierAction.training(reply: $0) })

        // When an espresso is rung up
        screen.type([.escape])
        _ = await screen.frame { $0.contains("Search or scan") }
        screen.scan("4006381333931")

        // Then the sell screen's title marks the training sale
        let sale = await screen.frame { $0.contains("Espresso") && $0.contains("Sell · TRAINING") }
        #expect(statusLine(sale).contains("Sell · TRAINING"))

        // When training is switched off again from the menu
        screen.type([.function(7)])
        _ = await screen.frame { $0.contains("Back office") }
        screen.type([.character("6")])
        let off = await screen.frame { [self] in $0.contains("Training is OFF") && !trainingBanner($0) }
        #expect(!trainingBanner(off))
        #expect(!(try await manager.dispatch { CashierAction.training(reply: $0) }))
        screen.close()
        await running.value
    }
}
