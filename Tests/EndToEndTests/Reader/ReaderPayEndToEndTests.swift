import Foundation
import Testing

/// `pos terminal-sim` and `pos reader pay` as separate processes, over a real TCP socket and a real pty.
@Suite(.serialized)
struct ReaderPayEndToEndTests {
    private func expectApproved(_ outcome: PosProcess.Outcome, amount: String) throws {
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect(json["status"] as? String == "approved")
        #expect(json["amount"] as? String == amount)
        let pan = try #require(json["maskedPAN"] as? String)
        #expect(pan.filter(\.isNumber).count == 4, "only the last 4 digits: \(pan)")
        #expect(json["cardName"] as? String != nil)
        #expect(json["approvalCode"] as? String != nil)
        #expect(json["applicationID"] as? String != nil)
        #expect(json["entryMode"] as? String != nil)
        #expect(!((json["slipLines"] as? [String]) ?? []).isEmpty)
        #expect(!outcome.stdout.lowercased().contains("expir"))
    }

    @Test func pay_zvtOverTCP_againstTheSimulator_isApprovedWithCardDetails() async throws {
        // Given
        let port = try freeLoopbackPort()
        let simulator = try RunningPos(["terminal-sim", "--zvt", "tcp://127.0.0.1:\(port)"])
        defer { simulator.terminate() }
        #expect(await simulator.line(containing: "listening") != nil)
        // When
        let outcome = try await PosProcess.run([
            "reader", "pay", "--reader", "zvt+tcp://127.0.0.1:\(port)", "--amount", "12.50", "--currency", "EUR", "--json",
        ])
        // Then
        try expectApproved(outcome, amount: "12.50")
    }

    @Test func pay_zvtOverAPty_againstTheSimulator_isApproved() async throws {
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let link = data.url.appendingPathComponent("ttyZVT").path
        let simulator = try RunningPos(["terminal-sim", "--zvt-serial", link])
        defer { simulator.terminate() }
        #expect(await simulator.line(containing: link) != nil)
        let outcome = try await PosProcess.run([
            "reader", "pay", "--reader", "zvt+serial://\(link)", "--amount", "7.99", "--currency", "EUR", "--json",
        ])
        try expectApproved(outcome, amount: "7.99")
    }

    @Test func pay_declinedByTheSimulator_exitsDeclinedAndSaysWhy() async throws {
        let port = try freeLoopbackPort()
        let simulator = try RunningPos(["terminal-sim", "--zvt", "tcp://127.0.0.1:\(port)", "--script", "decline:05"])
        defer { simulator.terminate() }
        #expect(await simulator.line(containing: "listening") != nil)
        let outcome = try await PosProcess.run([
            "reader", "pay", "--reader", "zvt+tcp://127.0.0.1:\(port)", "--amount", "3.00", "--currency", "EUR",
        ])
        #expect(outcome.status == 11)
        #expect(outcome.stderr.contains("declined"))
    }

    @Test func pay_nothingListening_exitsReaderUnavailable() async throws {
        let port = try freeLoopbackPort()
        let outcome = try await PosProcess.run([
            "reader", "pay", "--reader", "zvt+tcp://127.0.0.1:\(port)", "--amount", "1.00", "--currency", "EUR",
        ])
        #expect(outcome.status == 12)
        #expect(outcome.stderr.contains("No terminal answers"))
    }
}
