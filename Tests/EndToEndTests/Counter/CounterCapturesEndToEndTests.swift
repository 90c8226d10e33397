import Foundation
import Testing

/// docs/counter-screens.md shows every screen as the code draws it: `scripts/capture-screens.sh --check` captures them
/// again in tmux (80×24, 120×35, and 60×20 for "too small") and fails when the committed captures differ.
/// After changing a screen, `scripts/capture-screens.sh` rewrites them.
@Suite(.enabled(if: TmuxSession.isAvailable, "needs tmux"), .timeLimit(.minutes(5)))
struct CounterCapturesEndToEndTests {
    @Test func committedCaptures_matchTheScreensTheCodeDraws() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let script = root.appendingPathComponent("scripts/capture-screens.sh").path
        let (status, stdout, stderr) = try await TestProcess.run(
            "/bin/bash", [script, "--check"],
            environment: PosProcess.environment(adding: ["POS_BINARY": PosProcess.executable.path]))
        #expect(status == 0, "run scripts/capture-screens.sh to regenerate docs/counter-screens.md:\n\(stdout)\n\(stderr)")
    }
}
