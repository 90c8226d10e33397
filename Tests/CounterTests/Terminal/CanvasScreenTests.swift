import Testing
@testable import Counter

@Suite(.timeLimit(.minutes(1)))
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
