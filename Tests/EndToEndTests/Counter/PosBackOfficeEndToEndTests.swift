import Foundation
import Testing
import WooTestServer

/// The back-office screens in a real terminal (tmux): the sync screen in the demo, and logging in from the
/// counter to a WooCommerce-compatible test server, which leaves the demo store.
@Suite(.enabled(if: TmuxSession.isAvailable, "needs tmux"), .timeLimit(.minutes(5)))
struct PosBackOfficeEndToEndTests {
    @Test func demoCounter_syncScreenThenLogin_leavesTheDemoForTheStore() async throws {
        // Given the demo counter and a store with a shop manager
        let server = WooTestServer()
        let site = try server.start().absoluteString
        defer { server.stop() }
        server.seedDemoStore()
        server.addUser(username: "manager", applicationPassword: "abcd efgh ijkl", role: .shopManager)
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let frames = try FrameWatcher(directory: data.url)
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try await tmux.start(frames.counterCommand(data: data))
        #expect(await frames.frame(containing: "screen=sell") != nil)

        // When the cashier looks at the sync screen
        try await tmux.press("F7")
        #expect(await frames.frame(containing: "screen=menu") != nil)
        try await tmux.type("1")
        #expect(await frames.frame(containing: "screen=sync", "headline=demo:_nothing_to_sync") != nil)
        // (Esc from a menu screen returns to the menu)
        try await tmux.press("Escape")
        #expect(await frames.frame(containing: "screen=menu") != nil)

        // And logs in from the counter (a wrong password first)
        try await tmux.type("4")
        #expect(await frames.frame(containing: "screen=login", "field=0") != nil)
        try await tmux.type(site)
        try await tmux.press("Enter")
        try await tmux.type("manager")
        try await tmux.press("Enter")
        try await tmux.type("wrong")
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=login", "error=true") != nil)
        let refused = try await tmux.capture(containing: "wrong")
        #expect(refused.contains("The user name or application password is wrong."))
        #expect(refused.contains("•••••"))
        for _ in 0..<5 { try await tmux.press("BSpace") }
        try await tmux.type("abcd efgh ijkl")
        try await tmux.press("Enter")

        // Then the counter sells for the store: no DEMO banner, the demo marker is gone, the password never shows
        #expect(await frames.frame(containing: "screen=sell", "status=store") != nil)
        let screen = try await tmux.capture(containing: "not checked yet")
        #expect(screen.contains("not checked yet"))
        #expect(!screen.contains(" DEMO "))
        #expect(!screen.contains("abcd efgh"))
        #expect(!FileManager.default.fileExists(atPath: data.url.appendingPathComponent("demo-store").path))
        #expect(FileManager.default.fileExists(atPath: data.url.appendingPathComponent("credentials.json").path))
        try await tmux.press("C-q")
    }
}
