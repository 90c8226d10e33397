import Foundation
import Testing

/// The counter at the Linux console's 80×24 and below it: every key findable (F1), a refund that asks first,
/// Esc from a back-office screen back to the menu, quitting with a cart that asks first, and the "too small"
/// screen.
@Suite(.enabled(if: TmuxSession.isAvailable, "needs tmux"), .timeLimit(.minutes(5)))
struct PosCounterTrustEndToEndTests {
    private static func start(_ tmux: TmuxSession, data: TemporaryDirectory, frames: FrameWatcher,
                              columns: Int = 80, rows: Int = 24) async throws {
        try await tmux.start(frames.counterCommand(data: data), columns: columns, rows: rows)
    }

    @Test func at80x24_thePayKeysShowAndF1ListsEveryKey_escFromSyncReturnsToTheMenu() async throws {
        // Given the demo counter in the Linux console's size
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let frames = try FrameWatcher(directory: data.url)
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try await Self.start(tmux, data: data, frames: frames)
        #expect(await frames.frame(containing: "screen=sell", "status=demo") != nil)

        // Then the key line keeps the pay keys, Quit and F1 for the rest; the status line shows the cashier
        let opened = try await tmux.capture(containing: "cashier: demo")
        let lines = opened.split(separator: "\n", omittingEmptySubsequences: false)
        let keyLine = String(lines[23])
        #expect(keyLine.contains("F11 Card"), "\(keyLine)")
        #expect(keyLine.contains("F12 Cash"), "\(keyLine)")
        #expect(keyLine.contains("^Q Quit"), "\(keyLine)")
        #expect(keyLine.contains("F1 More"), "\(keyLine)")
        #expect(String(lines[0]).contains("cashier: demo"), "\(lines[0])")

        // When F1: every key of the sell screen, including those the line left out
        try await tmux.press("F1")
        #expect(await frames.frame(containing: "screen=sell", "overlay=help") != nil)
        let help = try await tmux.capture(containing: "Keys on")
        for key in ["F7   Menu", "F8   Shift", "F9   Orders", "F11  Card", "F12  Cash", "^Q   Quit"] {
            #expect(help.contains(key), "\(key) in \(help)")
        }
        try await tmux.press("Escape")
        #expect(await frames.frame(containing: "screen=sell", "prompt=false") != nil)

        // When the cashier opens Sync from the menu and presses Esc, the menu shows again (not Sell)
        try await tmux.press("F7")
        #expect(await frames.frame(containing: "screen=menu") != nil)
        try await tmux.type("1")
        #expect(await frames.frame(containing: "screen=sync") != nil)
        try await tmux.press("Escape")
        #expect(await frames.frame(containing: "screen=menu") != nil)
        try await tmux.type("2")
        #expect(await frames.frame(containing: "screen=printers") != nil)
        try await tmux.press("Escape")
        #expect(await frames.frame(containing: "screen=menu") != nil)
        try await tmux.press("Escape")
        #expect(await frames.frame(containing: "screen=sell") != nil)
        try await tmux.press("C-q")
        #expect(await frames.frame(containing: "never") == nil)
    }

    @Test func at80x24_aRefundInOrdersAsksFirstWithTheAmount() async throws {
        // Given a demo counter with one cash sale of 2,10 €
        let data = try TemporaryDirectory()
        defer { data.remove() }
        #expect(try await PosProcess.run(["--data-dir", data.path]).status == 0)
        let sold = try await PosProcess.run(["sell", "--data-dir", data.path, "--item", "BAK-PAC", "--pay", "cash"])
        #expect(sold.status == 0, "\(sold.stderr)")
        let frames = try FrameWatcher(directory: data.url)
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try await Self.start(tmux, data: data, frames: frames)
        #expect(await frames.frame(containing: "screen=sell") != nil)
        try await tmux.press("F1")
        #expect(await frames.frame(containing: "overlay=help") != nil)
        try await tmux.press("Escape")
        try await tmux.press("F9")
        #expect(await frames.frame(containing: "screen=orders", "orders=1") != nil)
        let list = try await tmux.capture(containing: "Tender")
        #expect(list.contains("1 item "), "\(list)")
        #expect(list.contains("cash"), "\(list)")

        // When F7 then Enter: nothing is refunded yet, the question says how much and how
        try await tmux.press("F7")
        #expect(await frames.frame(containing: "screen=orders", "refundPrompt=amount") != nil)
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=orders", "refundPrompt=question", "refunded=0") != nil)
        let asked = try await tmux.capture(containing: "Enter: refund")
        #expect(asked.contains("Refund 2,10 € in cash for order 1? Enter: refund  Esc: keep"), "\(asked)")
        // And Esc keeps the money
        try await tmux.press("Escape")
        #expect(await frames.frame(containing: "screen=orders", "refundPrompt=none", "message=info", "refunded=0") != nil)
        let kept = try await tmux.capture(containing: "Nothing refunded.")
        #expect(kept.contains("Nothing refunded."))

        // When asked again and confirmed, the order shows as refunded
        try await tmux.press("F7")
        #expect(await frames.frame(containing: "screen=orders", "refundPrompt=amount") != nil)
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=orders", "refundPrompt=question") != nil)
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=orders", "refunding=false", "message=info", "refunded=1") != nil)
        let refunded = try await tmux.capture(containing: "Refunded 2,10 €")
        #expect(refunded.contains("Refunded 2,10 € in cash"), "\(refunded)")
        #expect(refunded.contains(" refunded "), "\(refunded)")
        try await tmux.press("Escape")
        try await tmux.press("C-q")
        #expect(await frames.frame(containing: "never") == nil)
    }

    @Test func quittingWithACart_asksFirst() async throws {
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let frames = try FrameWatcher(directory: data.url)
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try await Self.start(tmux, data: data, frames: frames)
        #expect(await frames.frame(containing: "screen=sell") != nil)
        try await tmux.type("4006381334006\r")
        #expect(await frames.frame(containing: "screen=sell", "lines=1") != nil)

        // When Ctrl-Q with one item in the cart: a question, and Esc stays
        try await tmux.press("C-q")
        #expect(await frames.frame(containing: "overlay=quit", "items=1") != nil)
        let asked = try await tmux.capture(containing: "Quit with 1 item in the cart?")
        #expect(asked.contains("Quit with 1 item in the cart?"))
        try await tmux.press("Escape")
        #expect(await frames.frame(containing: "screen=sell", "lines=1", "prompt=false") != nil)

        // When Ctrl-Q then Enter: it quits
        try await tmux.press("C-q")
        #expect(await frames.frame(containing: "overlay=quit") != nil)
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "never") == nil)
    }

    @Test func below80x24_showsTheTooSmallScreen_thenTheCounterWhenEnlarged() async throws {
        // Given the counter in a 50×15 window
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let frames = try FrameWatcher(directory: data.url)
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try await Self.start(tmux, data: data, frames: frames, columns: 50, rows: 15)

        // Then it says so, with the size it needs
        #expect(await frames.frame(containing: "screen=too-small", "size=50x15") != nil)
        let small = try await tmux.capture(containing: "too small")
        #expect(small.contains("Window too small: needs 80×24,"), "\(small)")
        #expect(small.contains("50×15"), "\(small)")

        // When the window grows to 80×24, the sell screen shows
        try await tmux.resize(columns: 80, rows: 24)
        #expect(await frames.frame(containing: "screen=sell") != nil)
        try await tmux.press("C-q")
        #expect(await frames.frame(containing: "never") == nil)
    }
}
