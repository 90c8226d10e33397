import Foundation
import Testing

/// `pos cashier add` refuses what the cashier policy refuses before it asks for the new cashier's PIN (issue 29: it
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
