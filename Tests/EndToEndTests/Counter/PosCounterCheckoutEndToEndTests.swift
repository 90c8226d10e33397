import Foundation
import Testing

/// The checkout in a real terminal: a declined card then cash on the same sale, and a cart that survives SIGKILL.
@Suite(.enabled(if: TmuxSession.isAvailable, "needs tmux"), .timeLimit(.minutes(5)))
struct PosCounterCheckoutEndToEndTests {
    private func command(_ frames: FrameWatcher, _ data: TemporaryDirectory, script: String? = nil) -> String {
        "env POS_COUNTER_FRAME_LOG=\(frames.path) CUPS_SERVER=\(data.path)/no-cups.sock "
            + (script.map { "POS_SIM_SCRIPT=\($0) " } ?? "")
            + "\(PosProcess.executable.path) --data-dir \(data.path)"
    }

    private func json(_ text: String) -> Any? { try? JSONSerialization.jsonObject(with: Data(text.utf8)) }

    @Test func demoCounter_cardDeclinedThenCash_paysTheSameSaleAsOneCashOrder() async throws {
        // Given the simulator declines (05)
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let frames = try FrameWatcher(directory: data.url)
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try await tmux.start(command(frames, data, script: "decline:05"))
        #expect(await frames.frame(containing: "screen=sell") != nil)
        try await tmux.type("4006381333931\r")
        #expect(await frames.frame(containing: "screen=sell", "lines=1", "total=2,20€") != nil)

        // When the card is declined and the cashier presses F12 (cash), then Enter (exact amount)
        try await tmux.press("F11")
        #expect(await frames.frame(containing: "screen=paycard", "phase=declined") != nil)
        try await tmux.press("F12")
        #expect(await frames.frame(containing: "screen=pay") != nil)
        try await tmux.press("Enter")

        // Then the receipt shows the cash sale
        #expect(await frames.frame(containing: "screen=receipt") != nil)
        try await tmux.press("C-q")
        #expect(await frames.frame(containing: "never") == nil)

        // And there is one order, paid in cash, with one outbox entry; no sale left open
        let orders = try await PosProcess.run(["orders", "list", "--data-dir", data.path, "--json"])
        let list = try #require(json(orders.stdout) as? [[String: Any]])
        #expect(list.count == 1)
        let order = try #require(list.first)
        #expect((order["payments"] as? [[String: Any]])?.map { $0["method"] as? String } == ["cash"])
        #expect((order["outbox"] as? [[String: Any]])?.map { $0["kind"] as? String } == ["createOrder"])
        let carts = try await PosProcess.run(["cart", "list", "--data-dir", data.path, "--json"])
        #expect((json(carts.stdout) as? [Any])?.isEmpty == true, "carts: \(carts.stdout)")
    }

    @Test func demoCounter_threeLinesThenSIGKILL_nextStartShowsTheSameCart() async throws {
        // Given a cart of three lines
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let first = try TemporaryDirectory()
        defer { first.remove() }
        let frames = try FrameWatcher(directory: first.url)
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try await tmux.start(command(frames, data))
        #expect(await frames.frame(containing: "screen=sell") != nil)
        try await tmux.type("4006381333931\r")
        #expect(await frames.frame(containing: "screen=sell", "lines=1") != nil)
        try await tmux.type("4006381333993\r")
        #expect(await frames.frame(containing: "screen=sell", "lines=2") != nil)
        try await tmux.type("4006381333931\r")
        try await tmux.type("4006381333948\r")
        // (saved=yes: every edit is in the database, the moment a cashier sees the cart as done)
        let before = await frames.frame(containing: "screen=sell", "lines=3", "items=4", "saved=yes")
        #expect(before != nil)
        let total = before?.split(separator: " ").first { $0.hasPrefix("total=") }.map(String.init)

        // When the counter is killed with SIGKILL (no chance to save anything)
        let pid = try #require(try await tmux.panePID())
        #expect(Foundation.kill(pid, SIGKILL) == 0)
        #expect(await frames.frame(containing: "never") == nil)
        tmux.kill()

        // Then the next start shows the same cart
        let second = try TemporaryDirectory()
        defer { second.remove() }
        let again = try FrameWatcher(directory: second.url)
        let next = TmuxSession()
        defer { next.kill() }
        try await next.start(command(again, data))
        let restored = await again.frame(containing: "screen=sell", "lines=3", "items=4")
        #expect(restored != nil)
        if let total { #expect(restored?.contains(total) == true, "before \(total), after \(restored ?? "")") }
        let screen = try await next.capture(containing: "Restored the open cart")
        #expect(screen.contains("Espresso"))
        #expect(screen.contains("Croissant"))
        // (quitting with a cart asks first; Enter confirms: the cart stays saved for the next start)
        try await next.press("C-q")
        #expect(await again.frame(containing: "overlay=quit", "items=4") != nil)
        try await next.press("Enter")
        #expect(await again.frame(containing: "never") == nil)
    }
}
