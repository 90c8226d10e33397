import Foundation
import Testing

/// The CLI's demo is the counter's demo (issue "Install like a product", item 4): on a data directory with nothing
/// configured, a command that works on local data opens the embedded demo store as a plain `pos` does, says so
/// once, and works; commands that need a real store's site or hardware still say "log in".
@Suite(.serialized, .timeLimit(.minutes(5)))
struct PosDemoByDefaultEndToEndTests {
    static let notice = "No store is set up here: using the demo store (`pos login` connects yours).\n"

    @Test func sellAndSearch_onAFreshDataDirectory_useTheDemoStore_andSaySoOnce() async throws {
        // Given a data directory nothing ever ran in
        let data = try TemporaryDirectory()
        defer { data.remove() }

        // When
        let sold = try await PosProcess.run(["sell", "--item", "BAK-PAC", "--pay", "cash", "--data-dir", data.path])
        let search = try await PosProcess.run(["catalog", "search", "cro", "--data-dir", data.path])

        // Then the sale is recorded in the demo store, and the notice came with the first command only
        #expect(sold.status == 0, "\(sold.stderr)")
        #expect(sold.stderr.components(separatedBy: Self.notice).count == 2, "\(sold.stderr)")
        #expect(search.status == 0, "\(search.stderr)")
        #expect(!search.stdout.contains("No product matches"), "\(search.stdout)")
        #expect(search.stdout.contains("BAK-CRO"), "\(search.stdout)")
        #expect(!search.stderr.contains(Self.notice), "\(search.stderr)")
        // And the demo is the counter's: a plain `pos` reports the demo store with the sale waiting
        let status = try await PosProcess.run(["--data-dir", data.path, "--json"])
        #expect(status.status == 0, "\(status.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        #expect(report["mode"] as? String == "demo")
        #expect(report["unsyncedOrders"] as? Int == 1)
        #expect(!status.stderr.contains(Self.notice))
    }

    @Test func search_onAFreshDataDirectory_findsTheDemoCatalog_inGermanToo() async throws {
        let data = try TemporaryDirectory()
        defer { data.remove() }

        let search = try await PosProcess.run(["catalog", "search", "cro", "--data-dir", data.path],
                                              environment: ["LANG": "de_DE.UTF-8"])

        #expect(search.status == 0, "\(search.stderr)")
        #expect(search.stdout.contains("BAK-CRO"), "\(search.stdout)")
        #expect(search.stderr == "Hier ist kein Shop eingerichtet: der Demo-Shop wird verwendet (`pos login` verbindet Ihren).\n")
    }

    @Test func commandsThatNeedARealStore_onAFreshDataDirectory_createNoDemo() async throws {
        let data = try TemporaryDirectory()
        defer { data.remove() }

        let logout = try await PosProcess.run(["logout", "--data-dir", data.path])
        let sync = try await PosProcess.run(["sync", "--data-dir", data.path])
        let help = try await PosProcess.run(["--help"])
        let version = try await PosProcess.run(["--version"])

        for outcome in [logout, sync, help, version] { #expect(!outcome.stderr.contains(Self.notice), "\(outcome.stderr)") }
        #expect(sync.status == 10, "\(sync.stderr)")
        #expect(!FileManager.default.fileExists(atPath: data.url.appendingPathComponent("demo-store").path))
    }
}
