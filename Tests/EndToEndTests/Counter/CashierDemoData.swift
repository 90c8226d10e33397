import Foundation
import Testing

/// A demo data directory with Ann (manager, 2468) and Bob (cashier, 1357), nobody signed in yet, for the counter's
/// cashier tests in tmux.
enum CashierDemoData {
    /// Makes the data directory, with `idleLockSeconds` as given.
    static func make(idleLockSeconds: Int) async throws -> TemporaryDirectory {
        let data = try TemporaryDirectory()
        try await prepare(data, idleLockSeconds: idleLockSeconds)
        return data
    }

    /// Sets up Ann and Bob in the fresh data directory `data`, with `idleLockSeconds` as given.
    static func prepare(_ data: TemporaryDirectory, idleLockSeconds: Int) async throws {
        #expect(try await PosProcess.run(["--data-dir", data.path]).status == 0)
        let ann = try await PosProcess.run(["cashier", "add", "Ann", "--role", "manager", "--data-dir", data.path], stdin: "2468\n")
        #expect(ann.status == 0, "\(ann.stderr)")
        let bob = try await PosProcess.run(["cashier", "add", "Bob", "--manager", "Ann", "--data-dir", data.path], stdin: "2468\n1357\n")
        #expect(bob.status == 0, "\(bob.stderr)")
        try setIdleLock(idleLockSeconds, data)
    }

    /// Sets `idleLockSeconds` in the data directory's app settings.
    static func setIdleLock(_ seconds: Int, _ data: TemporaryDirectory) throws {
        let file = data.url.appendingPathComponent("app-settings.json")
        var settings = (try? JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]) ?? ["receiptWidth": 42]
        settings["idleLockSeconds"] = seconds
        try JSONSerialization.data(withJSONObject: settings).write(to: file)
    }
}
