import Foundation
import Testing

/// Concert E+ round trips against pyteliummanager (PyPI), an implementation we did not write, over real ptys:
/// once with it as the register and our simulator as the terminal, once the other way round.
@Suite(.serialized, .enabled("needs pyteliummanager in the Python venv (scripts/install-deps.sh)") {
    await PythonPeer.unavailableReason == nil
})
struct ConcertPyteliumEndToEndTests {
    /// A data directory inside `folder` holding the embedded demo store (`pos run` seeds it): `pos reader pay` is
    /// journalled in a store's currency.
    private func demoStore(in folder: TemporaryDirectory) async throws -> String {
        let path = folder.url.appendingPathComponent("pos-data").path
        let run = try await TestProcess.run(PosProcess.executable.path, ["run", "--json", "--data-dir", path],
                                            environment: PosProcess.environment(), stdout: .null, stderr: .null)
        #expect(run.status == 0)
        return path
    }

    @Test func pay_pyteliumRegisterAgainstOurSimulator_isApprovedWithOnlyLastFourDigits() async throws {
        // Given
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let link = data.url.appendingPathComponent("ttyConcert").path
        let simulator = try await RunningPos(["terminal-sim", "--concert", link])
        defer { simulator.terminate() }
        #expect(await simulator.line(containing: link) != nil)

        // When
        let register = try await PythonPeer(script: "telium_register.py", [link, "12.50", "EUR"])
        defer { register.terminate() }
        let answer = try await register.nextJSON()
        let ended = await register.finish()

        // Then
        let json = try #require(answer, "no answer from pyteliummanager: \(ended.stderr)")
        #expect(json["accepted"] as? Bool == true)
        #expect(json["approved"] as? Bool == true)
        #expect(json["amount"] as? String == "12.50")
        #expect(json["currency"] as? String == "978")
        for field in ["report", "cardID"] {
            let text = try #require(json[field] as? String)
            #expect(text.filter(\.isNumber).count <= 4, "\(field) shows more than the last 4 digits: \(text)")
        }
        #expect((json["cardID"] as? String)?.hasSuffix("0434") == true)
        #expect(ended.status == 0, "stderr: \(ended.stderr)")
    }

    @Test func pay_ourDriverAgainstPyteliumTerminal_isApprovedAndKeepsOnlyLastFour() async throws {
        // Given
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let store = try await demoStore(in: data)
        let link = data.url.appendingPathComponent("ttyTelium").path
        let terminal = try await PythonPeer(script: "telium_terminal.py", [link])
        defer { terminal.terminate() }
        #expect(await terminal.nextLine() == "ready \(link)")

        // When
        let outcome = try await PosProcess.run([
            "reader", "pay", "--reader", "concert+serial://\(link)", "--amount", "12.50", "--currency", "EUR",
            "--reference", "ORDER-42", "--json", "--data-dir", store,
        ])
        // The terminal waits for the register's call without a clock: a register that exited without calling
        // never will.
        if outcome.status != 0 { terminal.terminate() }
        let request = try await terminal.nextJSON()
        let ended = await terminal.finish()

        // Then
        #expect(outcome.status == 0, "stderr: \(outcome.stderr); terminal: \(ended.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect(json["status"] as? String == "approved")
        #expect(json["amount"] as? String == "12.50")
        #expect(json["maskedPAN"] as? String == "************0434")
        #expect(!outcome.stdout.contains("5413330089010434"))
        #expect(!outcome.stdout.contains("2512"), "the report's expiry must never reach the output")
        let asked = try #require(request, "the terminal decoded no request: \(ended.stderr)")
        #expect(asked["amount"] as? String == "12.50")
        #expect(asked["currency"] as? String == "978")
        #expect(asked["transactionType"] as? String == "0")
        #expect(asked["delay"] as? String == "A010")
        #expect(asked["private"] as? String == String(repeating: " ", count: 10), "the request's private field is spaces")
    }

    @Test func pay_pyteliumTerminalRejects_exitsDeclined() async throws {
        // Given
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let store = try await demoStore(in: data)
        let link = data.url.appendingPathComponent("ttyTelium").path
        let terminal = try await PythonPeer(script: "telium_terminal.py", [link, "7"])
        defer { terminal.terminate() }
        #expect(await terminal.nextLine() == "ready \(link)")

        // When
        let outcome = try await PosProcess.run([
            "reader", "pay", "--reader", "concert+serial://\(link)", "--amount", "3.00", "--currency", "EUR",
            "--data-dir", store,
        ])

        // Then
        #expect(outcome.status == 11, "stderr: \(outcome.stderr)")
        #expect(outcome.stderr.contains("declined"))
    }
}
