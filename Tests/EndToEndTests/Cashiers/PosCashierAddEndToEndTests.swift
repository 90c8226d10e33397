import Foundation
import Testing

/// `pos cashier add` refuses what the cashier policy refuses before it asks for the new cashier's PIN (it
/// asked for Bob's PIN and only then said a manager must approve).
struct PosCashierAddEndToEndTests {
    @Test func aRefusedAdd_isRefusedBeforeTheNewPinIsAsked_anAllowedOneAsksForIt() async throws {
        let data = try TemporaryDirectory()
        defer { data.remove() }
        func pos(_ arguments: [String], stdin: String? = nil) async throws -> PosProcess.Outcome {
            try await PosProcess.run(arguments + ["--data-dir", data.path], stdin: stdin)
        }
        _ = try await pos([])

        // The first cashier must be a manager: refused with nothing typed (no PIN is read)
        let first = try await pos(["cashier", "add", "Bob"], stdin: "")
        #expect(first.status == 16, "\(first.stderr)")
        #expect(first.stderr.contains("must be a manager"), "\(first.stderr)")
        #expect(!first.stderr.contains("New PIN"), "\(first.stderr)")

        let anna = try await pos(["cashier", "add", "Anna", "--role", "manager"], stdin: "1234\n")
        #expect(anna.status == 0, "\(anna.stderr)")

        // Then a manager must approve: refused without one, and with a wrong PIN, before Bob's PIN is asked
        let unapproved = try await pos(["cashier", "add", "Bob"], stdin: "")
        #expect(unapproved.status == 16, "\(unapproved.stderr)")
        #expect(!unapproved.stderr.contains("New PIN"), "\(unapproved.stderr)")
        let wrong = try await pos(["cashier", "add", "Bob", "--manager", "Anna"], stdin: "9999\n")
        #expect(wrong.status == 16, "\(wrong.stderr)")
        #expect(wrong.stderr.contains("Wrong PIN for Anna"), "\(wrong.stderr)")

        // And with Anna's PIN, Bob's PIN is read and Bob is added
        let bob = try await pos(["cashier", "add", "Bob", "--manager", "Anna"], stdin: "1234\n5678\n")
        #expect(bob.status == 0, "\(bob.stderr)")
        let list = try await pos(["cashier", "list"])
        #expect(list.stdout.contains("Bob\tcashier"), "\(list.stdout)")
    }
}

/// At a terminal a new PIN is typed twice, hidden; two different ones change nothing (no command asked
/// for a new PIN twice). A real terminal: the command runs in tmux.
@Suite(.enabled(if: TmuxSession.isAvailable, "needs tmux"), .timeLimit(.minutes(2)))
struct PosCashierNewPinTwiceEndToEndTests {
    @Test func atATerminal_theNewPinIsAskedTwice_twoDifferentOnesAddNobody() async throws {
        let data = try TemporaryDirectory()
        defer { data.remove() }
        #expect(try await PosProcess.run(["--data-dir", data.path]).status == 0)
        let done = data.url.appendingPathComponent("exit-status")
        func run(_ pins: [String]) async throws -> (status: String, screen: String) {
            try? FileManager.default.removeItem(at: done)
            let tmux = TmuxSession()
            defer { tmux.kill() }
            // The shell writes the exit status to a file and signals; the pane (and its text) stays.
            try await tmux.start("\(PosProcess.executable.path) cashier add Ann --role manager --data-dir \(data.path); "
                                 + "echo $? > \(done.path); \(tmux.signalCommand("added")); sleep 600", columns: 100, rows: 10)
            for pin in pins {
                // (Each prompt is awaited on screen before the PIN is typed: typed earlier, a terminal with echo on
                // would show it.)
                let prompts = pins.firstIndex(of: pin) == 0 ? "New PIN" : "same PIN again"
                _ = try await tmux.capture(containing: prompts)
                try await tmux.type(pin)
                try await tmux.press("Enter")
            }
            try await tmux.waitFor("added")
            let status = try String(contentsOf: done, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            return (status, try await tmux.capture())
        }

        // Two different PINs: refused (64), nobody added, neither PIN on screen
        let mismatch = try await run(["2468", "2469"])
        #expect(mismatch.status == "64", "\(mismatch.screen)")
        #expect(mismatch.screen.contains("The two PINs differ"), "\(mismatch.screen)")
        #expect(!mismatch.screen.contains("2468") && !mismatch.screen.contains("2469"), "\(mismatch.screen)")
        #expect(try await PosProcess.run(["cashier", "list", "--data-dir", data.path]).stdout.contains("Ann") == false)

        // The same PIN twice: Ann is added
        let same = try await run(["2468", "2468"])
        #expect(same.status == "0", "\(same.screen)")
        #expect(try await PosProcess.run(["cashier", "list", "--data-dir", data.path]).stdout.contains("Ann\tmanager"))
    }
}
