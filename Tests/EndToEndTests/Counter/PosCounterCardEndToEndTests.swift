import Foundation
import Testing

/// The counter's card payment in a real terminal: the demo store's in-process simulator (`sim://`), scripted so
/// the first payment is declined and the next approved.
@Suite(.enabled(if: TmuxSession.isAvailable, "needs tmux"), .timeLimit(.minutes(5)))
struct PosCounterCardEndToEndTests {
    @Test func demoCounter_cardDeclinedThenApproved_chargesOnceAndShowsTheReceipt() async throws {
        // Given `pos` on a fresh data directory with the simulator scripted to decline (05) once, then approve
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let frames = try FrameWatcher(directory: data.url)
        let ledger = data.url.appendingPathComponent("sim-ledger.jsonl")
        let tmux = TmuxSession()
        defer { tmux.kill() }
        let command = "env POS_COUNTER_FRAME_LOG=\(frames.path) CUPS_SERVER=\(data.path)/no-cups.sock "
            + "POS_SIM_SCRIPT=decline:05,approve POS_SIM_LEDGER=\(ledger.path) "
            + "\(PosProcess.executable.path) --data-dir \(data.path)"
        try await tmux.start(command)
        #expect(await frames.frame(containing: "screen=sell") != nil)
        let sell = try await tmux.capture(containing: "F11")
        #expect(sell.contains("F11 Card"))
        #expect(sell.contains("F12 Cash"))

        // When a scanner reads a barcode and the cashier presses F11 (card)
        try await tmux.type("4006381333931\r")
        #expect(await frames.frame(containing: "screen=sell", "lines=1") != nil)
        try await tmux.press("F11")

        // Then the terminal declines with its reason, and nothing is charged
        #expect(await frames.frame(containing: "screen=paycard", "phase=declined", "attempts=1") != nil)
        let declined = try await tmux.capture(containing: "Nothing was charged")
        #expect(declined.contains("Not charged") || declined.contains("declined"))
        #expect(declined.contains("Try again"))

        // When the cashier tries again (another card)
        try await tmux.press("Enter")

        // Then the terminal approves and the receipt shows the card payment
        #expect(await frames.frame(containing: "screen=receipt") != nil)
        let receipt = try await tmux.capture(containing: "Card:")
        #expect(receipt.contains("Total:     2,20 €"))
        #expect(receipt.contains("Card:      2,20 €"))

        // And the terminal's ledger holds exactly one approved charge
        let lines = try String(contentsOf: ledger, encoding: .utf8).split(separator: "\n").filter { !$0.isEmpty }
        #expect(lines.count == 1)

        // And Ctrl-Q quits
        try await tmux.press("C-q")
        #expect(await frames.frame(containing: "never") == nil)
    }

    @Test func demoCounter_outcomeUnknownThenResolved_recordsTheApprovalWithoutASecondCharge() async throws {
        // Given the simulator approves on its side and drops the line before reporting it (charged, unconfirmed)
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let frames = try FrameWatcher(directory: data.url)
        let ledger = data.url.appendingPathComponent("sim-ledger.jsonl")
        let tmux = TmuxSession()
        defer { tmux.kill() }
        let command = "env POS_COUNTER_FRAME_LOG=\(frames.path) CUPS_SERVER=\(data.path)/no-cups.sock "
            + "POS_SIM_SCRIPT=drop,approve POS_SIM_LEDGER=\(ledger.path) "
            + "\(PosProcess.executable.path) --data-dir \(data.path)"
        try await tmux.start(command)
        #expect(await frames.frame(containing: "screen=sell") != nil)
        try await tmux.type("4006381333931\r")
        #expect(await frames.frame(containing: "screen=sell", "lines=1") != nil)

        // When the cashier pays by card
        try await tmux.press("F11")

        // Then the screen says to check the terminal and not to charge again; the reader needs attention
        #expect(await frames.frame(containing: "screen=paycard", "phase=unknown") != nil)
        let unknown = try await tmux.capture(containing: "Do NOT charge again")
        #expect(unknown.contains("Check the terminal"))
        #expect(unknown.contains("needs attention"))

        // When the cashier asks the terminal again (F8)
        try await tmux.press("F8")

        // Then the earlier approval pays the order: the receipt, and still one charge on the terminal
        #expect(await frames.frame(containing: "screen=receipt") != nil)
        let receipt = try await tmux.capture(containing: "no new charge")
        #expect(receipt.contains("Card:      2,20 €"))
        let lines = try String(contentsOf: ledger, encoding: .utf8).split(separator: "\n").filter { !$0.isEmpty }
        #expect(lines.count == 1)

        try await tmux.press("C-q")
        #expect(await frames.frame(containing: "never") == nil)
    }

    @Test func demoCounter_cancelWhileTheTerminalWaits_abortsThenARetryIsApproved() async throws {
        // Given the simulator keeps the first payment open (no answer) until the counter aborts it
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let frames = try FrameWatcher(directory: data.url)
        let ledger = data.url.appendingPathComponent("sim-ledger.jsonl")
        let tmux = TmuxSession()
        defer { tmux.kill() }
        let command = "env POS_COUNTER_FRAME_LOG=\(frames.path) CUPS_SERVER=\(data.path)/no-cups.sock "
            + "POS_SIM_SCRIPT=timeout,approve POS_SIM_LEDGER=\(ledger.path) "
            + "\(PosProcess.executable.path) --data-dir \(data.path)"
        try await tmux.start(command)
        #expect(await frames.frame(containing: "screen=sell") != nil)
        try await tmux.type("4006381333931\r")
        #expect(await frames.frame(containing: "screen=sell", "lines=1") != nil)
        try await tmux.press("F11")
        // The terminal's prompts arrive while it waits
        #expect(await frames.frame(containing: "screen=paycard", "phase=waiting", "prompts=3") != nil)

        // When the cashier presses Esc
        try await tmux.press("Escape")

        // Then the terminal is asked to abort, and the screen says nothing was charged
        #expect(await frames.frame(containing: "screen=paycard", "phase=cancelling") != nil)
        #expect(await frames.frame(containing: "screen=paycard", "phase=declined") != nil)
        let cancelled = try await tmux.capture(containing: "Nothing was charged")
        #expect(cancelled.contains("Cancelled at the terminal"))

        // When the cashier tries again, the card is approved once
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=receipt") != nil)
        let lines = try String(contentsOf: ledger, encoding: .utf8).split(separator: "\n").filter { !$0.isEmpty }
        #expect(lines.count == 1)

        try await tmux.press("C-q")
        #expect(await frames.frame(containing: "never") == nil)
    }
}
