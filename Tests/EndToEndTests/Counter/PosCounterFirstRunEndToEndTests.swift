import Foundation
import Testing
import WooTestServer

/// The first run at the counter, in a real terminal at 80×24: a data directory logged in to a
/// WooCommerce-compatible test server and nothing else. With no cashiers the counter opens the set-up, which sets
/// the register, the first manager, a cashier (approved by the manager at the gate, as the store asks), the receipt
/// printer (files) and the card terminal (the simulator, `sim://`); then one cash sale and a shift closed with its Z report — no command line
/// after the login. PINs are typed digit by digit, each awaited in the frame log (a fast burst ending in Enter is a
/// scanner's, which a PIN prompt ignores).
@Suite(.enabled(if: TmuxSession.isAvailable, "needs tmux"), .timeLimit(.minutes(5)))
struct PosCounterFirstRunEndToEndTests {
    /// Types a PIN digit by digit, waiting for each in the frame log, then Enter.
    private func typePin(_ pin: String, tmux: TmuxSession, frames: FrameWatcher) async throws {
        for (index, digit) in pin.enumerated() {
            try await tmux.type(String(digit))
            #expect(await frames.frame(containing: "pinTyped=\(index + 1)") != nil)
        }
        try await tmux.press("Enter")
    }

    /// Types a name or an id, waits until the set-up has all of it, then Enter.
    private func typeField(_ text: String, tmux: TmuxSession, frames: FrameWatcher) async throws {
        try await tmux.type(text)
        #expect(await frames.frame(containing: "screen=setup", "typed=\(text.count)") != nil)
        try await tmux.press("Enter")
    }

    @Test func loggedInWithNoCashiers_setUpAtTheCounter_thenSellAndCloseTheShift() async throws {
        // Given a data directory logged in to the store, and nothing else
        let server = WooTestServer()
        let site = try server.start().absoluteString
        defer { server.stop() }
        server.seedDemoStore()
        server.addUser(username: "manager", applicationPassword: "abcd efgh ijkl", role: .shopManager)
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let login = try await PosProcess.run(["login", "--data-dir", data.path, "--site", site, "--username", "manager"],
                                             environment: ["POS_APP_PASSWORD": "abcd efgh ijkl"])
        #expect(login.status == 0, "\(login.stderr)")
        let frames = try FrameWatcher(directory: data.url)
        let tmux = TmuxSession()
        defer { tmux.kill() }

        // When the counter starts: the set-up, at the register id
        try await tmux.start(frames.counterCommand(data: data), columns: 80, rows: 24)
        #expect(await frames.frame(containing: "screen=setup", "step=register", "status=store") != nil)
        try await typeField("K7", tmux: tmux, frames: frames)

        // And the first manager, her PIN twice
        #expect(await frames.frame(containing: "screen=setup", "step=managerName") != nil)
        try await typeField("Ann", tmux: tmux, frames: frames)
        #expect(await frames.frame(containing: "step=managerPin ") != nil)
        try await typePin("2468", tmux: tmux, frames: frames)
        #expect(await frames.frame(containing: "step=managerPinAgain") != nil)
        try await typePin("2468", tmux: tmux, frames: frames)
        // (the first cashier locks the counter, as a start with cashiers would: Ann signs in to go on)
        #expect(await frames.frame(containing: "gate=choose") != nil)
        try await tmux.press("1")
        #expect(await frames.frame(containing: "gate=pin") != nil)
        try await typePin("2468", tmux: tmux, frames: frames)

        // And a cashier, approved by Ann at the gate because the store asks for a manager
        #expect(await frames.frame(containing: "screen=setup", "step=cashierName", "gate=open") != nil)
        try await typeField("Bob", tmux: tmux, frames: frames)
        #expect(await frames.frame(containing: "gate=manager ") != nil)
        try await tmux.press("1")
        #expect(await frames.frame(containing: "gate=managerPin") != nil)
        try await typePin("2468", tmux: tmux, frames: frames)
        #expect(await frames.frame(containing: "step=cashierPin ", "gate=open") != nil)
        try await typePin("1357", tmux: tmux, frames: frames)
        #expect(await frames.frame(containing: "step=cashierPinAgain") != nil)
        try await typePin("1357", tmux: tmux, frames: frames)
        #expect(await frames.frame(containing: "step=cashierName", "cashiers=2") != nil)
        // (Enter on an empty name ends the cashiers)
        try await tmux.press("Enter")

        // And the receipt printer: the files (the last entry; no print system here)
        #expect(await frames.frame(containing: "step=printer", "printers=2") != nil)
        try await tmux.press("End")
        #expect(await frames.frame(containing: "step=printer", "printer=1") != nil)
        try await tmux.press("Enter")
        // And the card terminal: the terminal simulator's address (a real till types its zvt+tcp:// or serial one)
        #expect(await frames.frame(containing: "step=terminal") != nil)
        try await typeField("sim://", tmux: tmux, frames: frames)
        // And the TSE step says what is set, then Enter sells
        #expect(await frames.frame(containing: "step=fiscal") != nil)
        let fiscal = try await tmux.capture(containing: "TSE: none set up")
        #expect(fiscal.contains("Register: K7"), "\(fiscal)")
        #expect(fiscal.contains("Cashiers: Ann, Bob"), "\(fiscal)")
        #expect(!fiscal.contains("2468") && !fiscal.contains("1357"))
        try await tmux.press("Enter")

        // Then the sell screen is locked at the gate; Bob signs in
        #expect(await frames.frame(containing: "screen=sell", "gate=choose") != nil)
        try await tmux.press("2")
        #expect(await frames.frame(containing: "gate=pin") != nil)
        try await typePin("1357", tmux: tmux, frames: frames)
        #expect(await frames.frame(containing: "screen=sell", "gate=open", "cashier=Bob") != nil)

        // And opens a shift with a float, sells an espresso (2,20 €, looked up on the store) for exact cash
        try await tmux.press("F8")
        #expect(await frames.frame(containing: "screen=shift", "state=none") != nil)
        try await tmux.press("F2")
        #expect(await frames.frame(containing: "screen=shift", "prompt=true") != nil)
        try await tmux.type("100.00")
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=shift", "state=open") != nil)
        try await tmux.press("Escape")
        #expect(await frames.frame(containing: "screen=sell", "lines=0") != nil)
        try await tmux.type("4006381333931\r")
        #expect(await frames.frame(containing: "screen=sell", "lines=1") != nil)
        try await tmux.press("F12")
        #expect(await frames.frame(containing: "screen=pay") != nil)
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=receipt") != nil)
        try await tmux.press("Escape")
        #expect(await frames.frame(containing: "screen=sell", "lines=0") != nil)

        // And closes the shift with the cash counted: the Z report
        try await tmux.press("F8")
        #expect(await frames.frame(containing: "screen=shift", "state=open", "expected=102,20€") != nil)
        try await tmux.press("F5")
        #expect(await frames.frame(containing: "screen=shift", "prompt=true") != nil)
        try await tmux.type("102.20")
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=shift", "state=closed") != nil)
        let report = try await tmux.capture(containing: "Z report")
        #expect(report.contains("K7"), "\(report)")
        // (the terminal chosen at the set-up ran its end of day with the close: the report's last rows say so)
        try await tmux.press("End")
        #expect(await frames.frame(containing: "screen=shift", "state=closed", "atEnd=true") != nil)
        let end = try await tmux.capture(containing: "sim://")
        #expect(end.contains("Card terminal") && end.contains("sim://"), "\(end)")

        // And the receipt and the Z report went to the files chosen in the set-up
        let printed = try FileManager.default.contentsOfDirectory(atPath: data.url.appendingPathComponent("printed").path)
        #expect(printed.count == 2, "\(printed)")
        try await tmux.press("C-q")
    }
}
