import Foundation
import Testing

/// The lock holds: from every lock state (a restart with a cashier signed in, the idle lock, a switch of
/// cashier, a cashier locked after five wrong PINs), in a real terminal at 80×24, every key the counter binds and
/// seeded random sequences of them (more than 2,000 in all) never get past the lock: no frame shows a screen past
/// it, and no sale, refund, drawer opening, print or settings change happens; a scanner's burst at each PIN prompt
/// is no try. `POS_LOCK_SEED=<n>` repeats a run; every failure names the seed.
@Suite(.enabled(if: TmuxSession.isAvailable, "needs tmux"), .timeLimit(.minutes(6)), .serialized)
struct PosCounterLockFuzzEndToEndTests {
    /// Every key the counter's screens and shell bind, and a few they do not. No digits: a digit and Enter at a PIN
    /// prompt is a wrong PIN (a legitimate try, counted), and the test asserts no try is counted. No Ctrl-Q: at a
    /// lock with an empty cart it quits the counter, which is allowed.
    static let keyPool = ["Escape", "Enter", "Tab", "BSpace", "DC", "IC", "Up", "Down", "Left", "Right", "PPage", "NPage",
                          "Home", "End", "C-d", "C-o", "C-r", "C-l", "C-p", "C-e", "a", "x", "q", "Space"]
        + (1...12).map { "F\($0)" }

    static var seed: UInt64 { SeededKeys.lockSeed }

    /// Keys per lock state: four states, 2,080 keys.
    static let keysPerState = 520

    /// A frame past the lock: any screen but the sell screen under the gate, the gate open, or no gate at all.
    static func isPastTheLock(_ line: String) -> Bool {
        !line.contains("screen=sell") || !line.contains(" gate=") || line.contains("gate=open")
    }

    /// What must not change while the counter is locked: the orders (sales and refunds), the approvals (a drawer
    /// opened for no sale is one), the printed files (receipts, slips, the drawer's kick), the app settings, and
    /// every cashier's wrong PINs.
    struct Evidence: Equatable {
        var orders: String
        var approvals: String
        var printed: [String]
        var settings: Data
        var cashiers: String

        static func read(_ data: TemporaryDirectory) async throws -> Evidence {
            let orders = try await PosProcess.run(["orders", "list", "--json", "--data-dir", data.path]).stdout
            let approvals = try await PosProcess.run(["cashier", "approvals", "--json", "--data-dir", data.path]).stdout
            let cashiers = try await PosProcess.run(["cashier", "list", "--json", "--data-dir", data.path]).stdout
            let printed = (try? FileManager.default.contentsOfDirectory(atPath: data.url.appendingPathComponent("printed").path)) ?? []
            let settings = (try? Evidence.settings(data)) ?? Data()
            return Evidence(orders: orders, approvals: approvals, printed: printed.sorted(), settings: settings, cashiers: cashiers)
        }

        /// The app settings file's bytes.
        static func settings(_ data: TemporaryDirectory) throws -> Data {
            try Data(contentsOf: data.url.appendingPathComponent("app-settings.json"))
        }
    }

    /// Sends `count` seeded keys in bursts of one to twelve (a person's keys, a held key, a fast burst), then a scan,
    /// and awaits the gate's notice of the scan (so every key before it was handled). Returns the frames past the
    /// lock seen on the way.
    func fuzz(_ tmux: TmuxSession, _ frames: FrameWatcher, pool: [String], count: Int, rng: inout SeededKeys,
              context: String) async throws -> [String] {
        var sent = 0
        while sent < count {
            let burst = min(count - sent, Int.random(in: 1...12, using: &rng))
            let keys = (0..<burst).map { _ in pool.randomElement(using: &rng) ?? "Escape" }
            try await tmux.press(keys)
            sent += burst
        }
        try await tmux.type("4006381333931\r")
        var past: [String] = []
        let notice = await frames.frame(containing: ["gateMessage=Scan_ignored"], stopsAt: Self.isPastTheLock) { line in
            if Self.isPastTheLock(line) { past.append(line) }
        }
        #expect(notice?.contains("gateMessage=Scan_ignored") == true, "the scan's notice (\(context)): \(notice ?? "none")")
        return past
    }

    /// ^L, Bob's number, his PIN: the counter opens for him.
    func bobSignsIn(_ tmux: TmuxSession, _ frames: FrameWatcher, context: String) async throws {
        try await tmux.press("C-l")
        #expect(await frames.frame(containing: "gate=choose") != nil, "\(context)")
        try await tmux.type("2")
        #expect(await frames.frame(containing: "gate=pin") != nil, "\(context)")
        try await typePin("1357", tmux, frames)
        #expect(await frames.frame(containing: "screen=sell", "gate=open", "cashier=Bob") != nil, "\(context)")
    }

    /// Types a PIN digit by digit (each seen, so the digits are no scanner's burst) and Enter.
    func typePin(_ pin: String, _ tmux: TmuxSession, _ frames: FrameWatcher) async throws {
        for (index, digit) in pin.enumerated() {
            try await tmux.type(String(digit))
            _ = await frames.frame(containing: "pinTyped=\(index + 1)")
        }
        try await tmux.press("Enter")
    }

    @Test func everyLockState_twoThousandSeededKeys_neverGetPastIt_nothingHappens() async throws {
        let seed = Self.seed
        var rng = SeededKeys(state: seed)
        // Given Ann (manager, 2468) and Bob (cashier, 1357), a sale of Ann's that could be refunded, and Bob signed in
        let data = try await CashierDemoData.make(idleLockSeconds: 300)
        defer { data.remove() }
        #expect(try await PosProcess.run(["cashier", "sign-in", "Ann", "--data-dir", data.path], stdin: "2468\n").status == 0)
        #expect(try await PosProcess.run(["sell", "--item", "BAK-PAC", "--pay", "cash", "--data-dir", data.path]).status == 0)
        #expect(try await PosProcess.run(["cashier", "sign-in", "Bob", "--data-dir", data.path], stdin: "1357\n").status == 0)
        var before = try await Evidence.read(data)
        let frames = try FrameWatcher(directory: data.url)
        let tmux = TmuxSession()
        defer { tmux.kill() }
        try await tmux.start(frames.counterCommand(data: data), columns: 80, rows: 24)

        // 1. A restart with Bob signed in: locked at his PIN.
        var context = "restart, POS_LOCK_SEED=\(seed)"
        #expect(await frames.frame(containing: "gate=idle", "cashier=Bob") != nil, "\(context)")
        var past = try await fuzz(tmux, frames, pool: Self.keyPool, count: Self.keysPerState, rng: &rng, context: context)
        #expect(past.isEmpty, "frames past the lock (\(context)): \(past.prefix(3))")
        #expect(try await Evidence.read(data) == before, "\(context)")

        // 2. The idle lock: Bob signs in (^L, his number, his PIN), then the idle time (1 s, which the running counter
        // takes from the settings file at once) runs out.
        context = "idle lock, POS_LOCK_SEED=\(seed)"
        try CashierDemoData.setIdleLock(1, data)
        before.settings = try Evidence.settings(data)
        try await bobSignsIn(tmux, frames, context: context)
        #expect(await frames.frame(containing: "gate=idle", "cashier=Bob") != nil, "\(context)")
        past = try await fuzz(tmux, frames, pool: Self.keyPool, count: Self.keysPerState, rng: &rng, context: context)
        #expect(past.isEmpty, "frames past the lock (\(context)): \(past.prefix(3))")
        #expect(try await Evidence.read(data) == before, "\(context)")

        // 3. A switch of cashier: Bob, unlocked, presses ^L and picks Ann, whose PIN the keys never type. (Esc and
        // ^L are left out here: while Bob himself is unlocked they cancel his own switch back to his sale, by design.)
        context = "switch cashier, POS_LOCK_SEED=\(seed)"
        try CashierDemoData.setIdleLock(300, data)
        before.settings = try Evidence.settings(data)
        try await bobSignsIn(tmux, frames, context: context)
        try await tmux.press("C-l")
        #expect(await frames.frame(containing: "gate=choose") != nil, "\(context)")
        try await tmux.type("1")
        #expect(await frames.frame(containing: "gate=pin") != nil, "\(context)")
        let switchPool = Self.keyPool.filter { $0 != "Escape" && $0 != "C-l" }
        past = try await fuzz(tmux, frames, pool: switchPool, count: Self.keysPerState, rng: &rng, context: context)
        #expect(past.isEmpty, "frames past the lock (\(context)): \(past.prefix(3))")
        #expect(try await Evidence.read(data) == before, "\(context)")

        // 4. Five wrong PINs lock Bob: from Ann's PIN prompt, Esc to the choice, Bob, five wrong PINs.
        context = "after five wrong PINs, POS_LOCK_SEED=\(seed)"
        try await tmux.press("Escape")
        #expect(await frames.frame(containing: "gate=choose") != nil, "\(context)")
        try await tmux.type("2")
        #expect(await frames.frame(containing: "gate=pin") != nil, "\(context)")
        for attempt in 1...5 {
            try await typePin("0000", tmux, frames)
            // Each try's own answer ("…; 3 more wrong tries lock it", then "Bob is locked…").
            let answer = attempt < 5 ? "gateMessage=Wrong_PIN_for_Bob;_\(5 - attempt)_more" : "gateMessage=Bob_is_locked"
            #expect(await frames.frame(containing: answer) != nil, "wrong PIN \(attempt) (\(context))")
        }
        let locked = try await PosProcess.run(["cashier", "list", "--json", "--data-dir", data.path]).stdout
        #expect(locked.contains("\"locked\" : true") || locked.contains("\"locked\":true"), "Bob is locked (\(context)): \(locked)")
        var afterLockout = try await Evidence.read(data)
        past = try await fuzz(tmux, frames, pool: Self.keyPool, count: Self.keysPerState, rng: &rng, context: context)
        #expect(past.isEmpty, "frames past the lock (\(context)): \(past.prefix(3))")
        let after = try await Evidence.read(data)
        #expect(after == afterLockout, "\(context)")
        afterLockout.cashiers = before.cashiers
        #expect(afterLockout == before, "nothing but Bob's wrong PINs changed (\(context))")
        try await tmux.press("C-q")
    }
}
