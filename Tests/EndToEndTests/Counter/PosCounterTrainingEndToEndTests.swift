import Foundation
import Testing

/// Training mode switched from the command line while the counter runs: the counter follows the other
/// process's commit through the session's event stream, with no restart and no key pressed, and a sale rung up then
/// is a training sale.
@Suite(.enabled(if: TmuxSession.isAvailable, "needs tmux"), .timeLimit(.minutes(3)))
struct PosCounterTrainingEndToEndTests {
    @Test func trainingSwitchedByTheCLI_showsAtOnce_andTheNextSaleIsATrainingSale() async throws {
        // Given the demo counter out of training, open at 80×24
        let data = try TemporaryDirectory()
        defer { data.remove() }
        #expect(try await PosProcess.run(["--data-dir", data.path]).status == 0)
        let frames = try FrameWatcher(directory: data.url)
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try await tmux.start(frames.counterCommand(data: data), columns: 80, rows: 24)
        let open = await frames.frame(containing: "screen=sell", "status=demo")
        #expect(open?.contains("training=yes") == false, "\(open ?? "none")")

        // When training is switched on from another terminal
        let on = try await PosProcess.run(["register", "training", "on", "--data-dir", data.path])
        #expect(on.status == 0, "\(on.stderr)")

        // Then the counter's status line says TRAINING at once
        #expect(await frames.frame(containing: "screen=sell", "training=yes") != nil)
        #expect(try await tmux.capture(containing: "TRAINING").contains(" TRAINING "))

        // And an espresso scanned now is a training sale: the sell screen's title says so
        try await tmux.type("4006381333931")
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=sell", "lines=1") != nil)
        #expect(try await tmux.capture(containing: "Sell · TRAINING").contains("Sell · TRAINING"))

        // When training is switched off from the other terminal, the banner goes at once
        let off = try await PosProcess.run(["register", "training", "off", "--data-dir", data.path])
        #expect(off.status == 0, "\(off.stderr)")
        var frame = await frames.frame(containing: "screen=sell")
        while let line = frame, line.contains("training=yes") { frame = await frames.frame(containing: "screen=sell") }
        #expect(frame != nil, "the counter exited")
        #expect(try await tmux.capture(containing: "Sell · TRAINING").contains("Sell · TRAINING"),
                "the open sale stays a training sale")
    }
}
