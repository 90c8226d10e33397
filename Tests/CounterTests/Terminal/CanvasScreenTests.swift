import Testing
@testable import Counter

/// Five minutes, as the other main-actor suites: in the full suite the main actor is shared by every counter test, and
/// this test's few turns on it waited behind them for over a minute (one run under load: 131 s).
@Suite(.timeLimit(.minutes(5)))
@MainActor struct CanvasScreenTests {
    /// A counter test awaiting a frame that never comes must fail when its time limit cancels it, not hang the run.
    @Test func waitingForAFrameThatNeverComes_cancelled_returnsTheLastFrame() async {
        let screen = CanvasScreen(size: TerminalSize(rows: 5, columns: 20))
        var canvas = TextCanvas(size: screen.size)
        canvas.put("painted", row: 0, column: 0)
        screen.draw(canvas)
        let waiting = Task { @MainActor in await screen.frame { _ in false } }
        await Task.yield()
        waiting.cancel()
        let returned = await waiting.value
        #expect(returned == screen.lastFrame)
    }
}
