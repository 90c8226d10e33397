import Foundation
import Testing

/// Cashiers set up with the command line while the counter runs take effect at once: the counter
/// follows other processes' commits through the session's event stream, with no restart and no key pressed.
@Suite(.enabled(if: TmuxSession.isAvailable, "needs tmux"), .timeLimit(.minutes(3)))
struct PosCounterLiveCashiersEndToEndTests {
    @Test func cashiersAddedAndSignedOutByTheCLI_lockAndListAtOnce() async throws {
        // Given the demo counter with no cashiers, open at 80×24
        let data = try TemporaryDirectory()
        defer { data.remove() }
        #expect(try await PosProcess.run(["--data-dir", data.path]).status == 0)
        let frames = try FrameWatcher(directory: data.url)
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try await tmux.start(frames.counterCommand(data: data), columns: 80, rows: 24)
        let open = await frames.frame(containing: "screen=sell", "status=demo")
        #expect(open?.contains("gate=") == false, "no cashiers, no gate: \(open ?? "none")")

        // When a manager is added from another terminal
        let ann = try await PosProcess.run(["cashier", "add", "Ann", "--role", "manager", "--data-dir", data.path], stdin: "2468\n")
        #expect(ann.status == 0, "\(ann.stderr)")
        // Then the counter locks at the choice of cashier, as a start would, and lists her
        #expect(await frames.frame(containing: "gate=choose", "cashier=-") != nil)
        #expect(try await tmux.capture(containing: "Ann").contains("Ann"))

        // When a cashier is added with her approval
        let bob = try await PosProcess.run(["cashier", "add", "Bob", "--manager", "Ann", "--data-dir", data.path],
                                           stdin: "2468\n1357\n")
        #expect(bob.status == 0, "\(bob.stderr)")
        // Then the choice lists him too, and his PIN opens the counter
        let choice = try await tmux.capture(containing: "Bob")
        #expect(choice.contains("Ann") && choice.contains("Bob"), "\(choice)")
        try await tmux.press("2")
        #expect(await frames.frame(containing: "gate=pin") != nil)
        try await tmux.type("1357")
        #expect(await frames.frame(containing: "gate=pin", "pinTyped=4") != nil)
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=sell", "gate=open", "cashier=Bob") != nil)

        // When Bob is signed out from the command line
        let out = try await PosProcess.run(["cashier", "sign-out", "--data-dir", data.path])
        #expect(out.status == 0, "\(out.stderr)")
        // Then the counter locks at once: nobody sells as Bob any more
        #expect(await frames.frame(containing: "gate=choose", "cashier=-") != nil)
        try await tmux.press("C-q")
    }
}
