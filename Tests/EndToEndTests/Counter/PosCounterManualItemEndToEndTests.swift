import Foundation
import Testing

/// A barcode the catalog lacks, scanned at the counter (tmux, the demo store, which has no site to ask): the screen
/// says it is not in the catalog and offers a manual item; the cashier types a price, a tax class and a name, and
/// the line is sold and marked for review on the order.
@Suite(.enabled(if: TmuxSession.isAvailable, "needs tmux"), .timeLimit(.minutes(5)))
struct PosCounterManualItemEndToEndTests {
    @Test func demoCounter_unknownBarcode_soldAsAManualItemMarkedForReview() async throws {
        // Given the demo counter in a 100x30 terminal
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let frames = try FrameWatcher(directory: data.url)
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try await tmux.start(frames.counterCommand(data: data))
        #expect(await frames.frame(containing: "screen=sell") != nil)

        // When a code the catalog lacks is scanned
        try await tmux.type("4012345678901\r")

        // Then the screen says so and asks for a manual item
        #expect(await frames.frame(containing: "screen=sell", "lines=0", "prompt=true", "message=error") != nil)
        let asked = try await tmux.capture(containing: "not in the catalog")
        #expect(asked.contains("4012345678901 is not in the catalog. Manual item"))

        // When the cashier types its price, tax class and name, and pays cash
        try await tmux.type("3,50; reduced-rate; Rye bread")
        // (the prompt holds all the text: Enter now is a key, not the end of a scanner's burst)
        #expect(await frames.frame(containing: "screen=sell", "prompt=true", "typed=29") != nil)
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=sell", "lines=1", "total=3,50€", "saved=yes") != nil)
        let added = try await tmux.capture(containing: "Rye bread")
        #expect(added.contains("marked for review"))
        try await tmux.press("F12")
        #expect(await frames.frame(containing: "screen=pay") != nil)
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=receipt") != nil)
        try await tmux.press("C-q")

        // Then the order lists for review, its line marked with the scanned code
        let review = try await PosProcess.run(["orders", "list", "--review", "--json", "--data-dir", data.path])
        let listed = try JSONSerialization.jsonObject(with: Data(review.stdout.utf8)) as? [[String: Any]]
        #expect(listed?.count == 1, "\(review.stdout) \(review.stderr)")
        let line = (listed?.first?["lines"] as? [[String: Any]])?.first
        #expect(line?["name"] as? String == "Rye bread")
        #expect(line?["manualItemCode"] as? String == "4012345678901")
        #expect(line?["total"] as? String != nil)
    }
}
