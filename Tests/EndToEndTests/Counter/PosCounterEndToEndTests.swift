import Foundation
import Testing

/// The counter in a real terminal: `pos` in a detached tmux session on a fresh data directory, keys sent with
/// send-keys, the screen read with capture-pane after the counter says it painted a frame.
@Suite(.enabled(if: TmuxSession.isAvailable, "needs tmux"), .timeLimit(.minutes(5)))
struct PosCounterEndToEndTests {
    @Test func demoCounter_scanTwoBarcodesPayCashPrintAndFindTheOrder_works() async throws {
        // Given `pos` on a fresh data directory, in a 100x30 terminal, with no CUPS to print to
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let frames = try FrameWatcher(directory: data.url)
        let tmux = TmuxSession()
        defer { tmux.kill() }
        let command = frames.counterCommand(data: data)
        try await tmux.start(command)

        // Then the demo store opens on the sell screen
        #expect(await frames.frame(containing: "screen=sell", "status=demo") != nil)
        let opened = try await tmux.capture(containing: "Demo Store")
        #expect(opened.contains("DEMO"))
        #expect(opened.contains("Search or scan"))

        // When a scanner reads two barcodes (each a fast burst ending in Enter)
        try await tmux.type("4006381333931\r")
        #expect(await frames.frame(containing: "screen=sell", "lines=1") != nil)
        try await tmux.type("4006381333993\r")
        #expect(await frames.frame(containing: "screen=sell", "lines=2", "total=4,00€") != nil)
        let cart = try await tmux.capture(containing: "Croissant")
        #expect(cart.contains("Espresso"))
        #expect(cart.contains("TOTAL 4,00 €"))

        // And the cashier pays cash: 10 € tendered
        try await tmux.press("F12")
        #expect(await frames.frame(containing: "screen=pay") != nil)
        try await tmux.type("10")
        try await tmux.press("Enter")
        // And the receipt was printed as the sale completed, no key pressed (no CUPS: a file in the data directory)
        #expect(await frames.frame(containing: "screen=receipt", "print=printed") != nil)
        let receipt = try await tmux.capture(containing: "CHANGE")
        #expect(receipt.contains("CHANGE:    6,00 €"))
        let printed = try FileManager.default.contentsOfDirectory(atPath: data.url.appendingPathComponent("printed").path)
        #expect(printed.count == 1)

        // Then the order is in the order history
        try await tmux.press("Escape")
        #expect(await frames.frame(containing: "screen=sell", "lines=0") != nil)
        try await tmux.press("F9")
        #expect(await frames.frame(containing: "screen=orders", "orders=1") != nil)
        let orders = try await tmux.capture(containing: "4,00 €")
        #expect(orders.contains("Search orders"))
        #expect(orders.contains("2 items"))

        // And Ctrl-Q quits
        try await tmux.press("C-q")
        #expect(await frames.frame(containing: "never") == nil)
    }

    @Test func sellCommand_inTheDemoDataDirectory_takesCash() async throws {
        // Given a data directory the demo counter opened
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let opened = try await PosProcess.run(["--data-dir", data.path])
        #expect(opened.status == 0)
        #expect(opened.stdout.contains("DEMO"))

        // When `pos sell` rings up two items for cash
        let sale = try await PosProcess.run(["sell", "--data-dir", data.path, "--item", "4006381333931",
                                             "--item", "COF-CAP:2", "--pay", "cash:10"])

        // Then it sells: 2,20 + 2 × 3,20 = 8,60; change 1,40
        #expect(sale.status == 0, "\(sale.stderr)")
        #expect(sale.stdout.contains("Total: 8,60 €"))
        #expect(sale.stdout.contains("Change: 1,40 €"))
    }
}
