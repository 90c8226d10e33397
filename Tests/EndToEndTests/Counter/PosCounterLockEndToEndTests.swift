import Foundation
import Testing

/// The merchant's "Esc back to Bob", in a real terminal at 80×24 on the demo store with Ann (manager, 2468) and Bob
/// (cashier, 1357): from the idle lock and from a restart with Bob still signed in, Escape (several times), every
/// function key and shortcut the counter binds and a scanner's burst never open the counter: no frame shows the sell
/// screen unlocked, no sale is recorded, and the scan is no wrong try. Then Bob's PIN opens it.
///
/// The keys after the first two Escapes are drawn from a seeded generator: `POS_LOCK_SEED=<n>` repeats a run, and
/// every failure message names the seed.
@Suite(.enabled(if: TmuxSession.isAvailable, "needs tmux"), .timeLimit(.minutes(5)), .serialized)
struct PosCounterLockEndToEndTests {
    /// The keys tried at the lock: Escape (weighted: the merchant's way back), F1-F12 and the sell screen's shortcuts,
    /// and ^L (the switch of cashier, which must ask for a PIN too).
    private static let keyPool = ["Escape", "Escape", "Escape", "Escape"] + (1...12).map { "F\($0)" }
        + ["C-d", "C-o", "C-r", "C-l", "BSpace", "Tab", "Enter"]

    private static var seed: UInt64 { SeededKeys.lockSeed }

    /// A frame that shows a screen past the lock: any screen but the sell screen under the gate, the gate open, or
    /// no gate at all (cashiers are set up, so every frame must name it).
    private static func isPastTheLock(_ line: String) -> Bool {
        !line.contains("screen=sell") || !line.contains(" gate=") || line.contains("gate=open")
    }

    /// Bob's wrong PINs so far, from `pos cashier list --json`.
    private func bobsFailedAttempts(_ data: TemporaryDirectory) async throws -> Int? {
        let list = try await PosProcess.run(["cashier", "list", "--json", "--data-dir", data.path])
        let cashiers = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]]
        return cashiers?.first { $0["name"] as? String == "Bob" }?["failedAttempts"] as? Int
    }

    private func orderCount(_ data: TemporaryDirectory) async throws -> Int? {
        let orders = try await PosProcess.run(["orders", "list", "--data-dir", data.path, "--json"])
        return (try JSONSerialization.jsonObject(with: Data(orders.stdout.utf8)) as? [Any])?.count
    }

    /// At the lock: Escape, Escape, then `count` seeded keys one by one, then a scanner's burst (awaited as the
    /// gate's notice, so every key before it was handled). Every frame on the way is checked; returns those past the
    /// lock.
    private func tryTheLock(_ tmux: TmuxSession, _ frames: FrameWatcher, keys rng: inout SeededKeys, count: Int,
                            context: String) async throws -> [String] {
        var past: [String] = []
        let keys = ["Escape", "Escape"] + (0..<count).map { _ in Self.keyPool.randomElement(using: &rng) ?? "Escape" }
        for key in keys { try await tmux.press(key) }
        try await tmux.type("4006381333931\r")
        // (A frame past the lock ends the wait at once: what follows it would only wait for the time limit.)
        let notice = await frames.frame(containing: ["gateMessage=Scan_ignored"], stopsAt: Self.isPastTheLock) { line in
            if Self.isPastTheLock(line) { past.append(line) }
        }
        #expect(notice?.contains("gateMessage=Scan_ignored") == true, "the scan's notice (\(context); keys \(keys)): \(notice ?? "none")")
        return past
    }

    @Test func idleLockAndRestart_escFKeysAndAScanNeverOpenIt_noSaleNoTry_thenBobsPinDoes() async throws {
        let seed = Self.seed
        let context = "POS_LOCK_SEED=\(seed)"
        var rng = SeededKeys(state: seed)
        let data = try await CashierDemoData.make(idleLockSeconds: 1)
        defer { data.remove() }
        let frames = try FrameWatcher(directory: data.url)
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try await tmux.start(frames.counterCommand(data: data), columns: 80, rows: 24)

        // Given Bob signs in and the idle time (1 s) locks the counter
        #expect(await frames.frame(containing: "screen=sell", "gate=choose", "cashier=-") != nil, "\(context)")
        try await tmux.press("2")
        #expect(await frames.frame(containing: "gate=pin") != nil)
        try await tmux.type("1357")
        #expect(await frames.frame(containing: "gate=pin", "pinTyped=4") != nil)
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=sell", "gate=open", "cashier=Bob") != nil)
        #expect(await frames.frame(containing: "screen=sell", "gate=idle", "cashier=Bob") != nil)
        let idle = try await tmux.capture(containing: "Locked (idle): Bob")
        #expect(!idle.contains("Search or scan") && !idle.contains("F12"), "nothing but the lock: \(idle)")

        // When Escape, Escape, function keys, shortcuts and a scan come at the lock
        let pastIdle = try await tryTheLock(tmux, frames, keys: &rng, count: 24, context: context)
        // Then no frame showed a screen past it, nothing was sold, and the scan was no wrong try
        #expect(pastIdle.isEmpty, "frames past the idle lock (\(context)): \(pastIdle)")
        #expect(try await bobsFailedAttempts(data) == 0, "\(context)")
        #expect(try await orderCount(data) == 0, "\(context)")
        let notice = try await tmux.capture(containing: "Scan ignored")
        #expect(notice.contains("Scan ignored"), "the notice is on screen (\(context)): \(notice)")

        // And Bob's PIN opens it (^L and his number reach his PIN from wherever the keys left the gate)
        try await tmux.press("C-l")
        #expect(await frames.frame(containing: "gate=choose") != nil, "\(context)")
        try await tmux.press("2")
        #expect(await frames.frame(containing: "gate=pin") != nil, "\(context)")
        try await tmux.type("1357")
        #expect(await frames.frame(containing: "gate=pin", "pinTyped=4") != nil, "\(context)")
        try await tmux.press("Enter")
        #expect(await frames.frame(containing: "screen=sell", "gate=open", "cashier=Bob") != nil, "\(context)")
        try await tmux.press("C-q")
        #expect(await frames.frame(containing: "never") == nil)

        // When the counter starts again with Bob still signed in (the idle time now long enough not to interfere):
        // every frame from the first is the lock, at his PIN
        try CashierDemoData.setIdleLock(300, data)
        let again = data.url.appendingPathComponent("again")
        try FileManager.default.createDirectory(at: again, withIntermediateDirectories: true)
        let restarted = try FrameWatcher(directory: again)
        let second = TmuxSession()
        defer { second.kill() }
        try await second.start(restarted.counterCommand(data: data), columns: 80, rows: 24)
        var pastStart: [String] = []
        let first = await restarted.frame(containing: ["gate=idle", "cashier=Bob"], stopsAt: Self.isPastTheLock) { line in
            if Self.isPastTheLock(line) { pastStart.append(line) }
        }
        #expect(first != nil, "\(context)")
        let locked = try await second.capture(containing: "Locked: Bob")
        #expect(locked.contains("Locked: Bob") && !locked.contains("Search or scan"), "\(locked)")
        #expect(locked.contains("Esc Another cashier") && !locked.contains("F1 Help"), "the key line names the gate's keys: \(locked)")
        pastStart += try await tryTheLock(second, restarted, keys: &rng, count: 24, context: context)
        #expect(pastStart.isEmpty, "frames past the lock after a restart (\(context)): \(pastStart)")
        #expect(try await bobsFailedAttempts(data) == 0, "\(context)")
        #expect(try await orderCount(data) == 0, "\(context)")

        // Then Bob's PIN opens it, and only then does a scan sell
        try await second.press("C-l")
        #expect(await restarted.frame(containing: "gate=choose") != nil, "\(context)")
        try await second.press("Escape")
        #expect(await restarted.frame(containing: "gate=idle") != nil, "Esc from the choice is back at Bob's lock (\(context))")
        try await second.type("1357")
        #expect(await restarted.frame(containing: "gate=idle", "pinTyped=4") != nil, "\(context)")
        try await second.press("Enter")
        #expect(await restarted.frame(containing: "screen=sell", "gate=open", "cashier=Bob") != nil, "\(context)")
        try await second.type("4006381333931\r")
        #expect(await restarted.frame(containing: "screen=sell", "gate=open", "lines=1", "saved=yes") != nil, "\(context)")
    }
}
