import Foundation
import Testing

/// The status line's "TSE DOWN" is true: it shows when a sale made elsewhere met the TSE outage, and
/// goes as soon as the TSE answers again, with no sale at the counter (the session probes the TSE during an outage).
@Suite(.enabled(if: TmuxSession.isAvailable, "needs tmux"), .timeLimit(.minutes(3)))
struct PosCounterTSEStatusEndToEndTests {
    @Test func outageFromAnotherProcess_showsTSEDown_andGoesWhenTheTSEIsBack() async throws {
        // Given the demo counter open at 80×24
        let data = try TemporaryDirectory()
        defer { data.remove() }
        #expect(try await PosProcess.run(["--data-dir", data.path]).status == 0)
        let frames = try FrameWatcher(directory: data.url)
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try await tmux.start(frames.counterCommand(data: data), columns: 80, rows: 24)
        #expect(await frames.frame(containing: "screen=sell", "status=demo") != nil)

        // When the demo TSE fails and `pos sell` in another terminal records a sale in the outage
        #expect(try await PosProcess.run(["fiscal", "simulate-outage", "on", "--data-dir", data.path]).status == 0)
        let sale = try await PosProcess.run(["sell", "--item", "BAK-PAC", "--pay", "cash", "--data-dir", data.path])
        #expect(sale.status == 0, "\(sale.stderr)")
        // Then the counter's status line says so
        #expect(await frames.frame(containing: "tse=down") != nil)
        #expect(try await tmux.capture(containing: "TSE DOWN").contains("TSE DOWN"))

        // When the TSE is back
        #expect(try await PosProcess.run(["fiscal", "simulate-outage", "off", "--data-dir", data.path]).status == 0)
        // Then "TSE DOWN" goes without a sale (the counter's probe ended the outage: nothing else asked the TSE)
        #expect(await frames.frame(containing: "tse=up") != nil)
        #expect(try await tmux.capture().contains("TSE DOWN") == false)
        try await tmux.press("C-q")
    }
}
