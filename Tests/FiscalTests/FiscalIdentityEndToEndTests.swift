import Foundation
import FiskalyTestServer
import Storage
import Testing
import TSESimulator
import WooTestServer
import Yosemite
import YosemiteTestSupport

/// One TSE identity, each register its own TSE client, and the tax office notification, with the real
/// `pos` binary.
///
/// - `pos fiscal status` on a fresh demo store shows the TSE that then signs, the same one every time.
/// - Changing the register id between shifts registers the new register as a client of the TSE (fiskaly: the
///   route simulator sees the `PUT /tss/{id}/client/{id}`) and every sale before and after is signed.
/// - `pos fiscal notification` prints what the ELSTER form asks, in text (English and German) and as JSON.
@Suite("TSE identity, clients and the tax office notification (end to end)", .serialized)
struct FiscalIdentityEndToEndTests {
    /// `pos fiscal status --json`'s object.
    static func status(_ runner: DemoFiscalEndToEndTests) async throws -> [String: Any] {
        let status = try await runner.pos(["fiscal", "status", "--json"])
        #expect(status.status == 0, "\(status.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: status.stdout) as? [String: Any])
    }

    /// The signature the journal recorded for sale `saleId`.
    static func signature(_ runner: DemoFiscalEndToEndTests, saleId: Int64) async throws -> FiscalSignature {
        let row = try #require(try await runner.environment().database.fiscalTransaction(saleId: saleId))
        #expect(row.state == .signed, "sale \(saleId): \(row.state) \(row.error ?? "")")
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        return try decoder.decode(FiscalSignature.self, from: Data(try #require(row.signature).utf8))
    }

    // MARK: - (a) one TSE identity

    @Test("fresh demo store: pos fiscal status three times shows one TSE serial and key, the one the receipt's signature carries")
    func freshDemoStore_statusShowsTheTSEThatSigns() async throws {
        let runner = try DemoFiscalEndToEndTests()
        defer { runner.data.remove() }
        // Given a fresh demo store (no TSE has been asked anything yet)
        #expect(try await runner.pos([]).status == 0)

        // When pos fiscal status runs three times, as JSON and as text
        var serials: [String] = []
        var keys: [String] = []
        for _ in 0..<3 {
            let tse = try #require(try await Self.status(runner)["tse"] as? [String: Any])
            serials.append(try #require(tse["serial"] as? String))
            keys.append(try #require(tse["publicKey"] as? String))
            #expect(tse["simulated"] as? Bool == true)
        }
        let text = try await runner.pos(["fiscal", "status"])
        #expect(text.status == 0, "\(text.stderr)")

        // Then it is the same TSE every time
        #expect(Set(serials).count == 1, "\(serials)")
        #expect(Set(keys).count == 1)
        let serial = try #require(serials.first)
        #expect(text.text.contains(serial), "\(text.text)")

        // And the sale that follows is signed by that TSE: the receipt prints its serial
        let order = try await runner.sell(["--item", "COF-ESP", "--pay", "cash"])
        let signature = try await Self.signature(runner, saleId: 1)
        #expect(signature.tseSerial == serial)
        #expect(signature.publicKey == keys.first)
        #expect(try SimulatedTSETests.verifyFinish(signature))
        let receipt = try await runner.pos(["receipt", "show", String(order)])
        #expect(DemoFiscalEndToEndTests.squeezed(receipt.text).contains(serial), "\(receipt.text)")
        // And the status after the sale still names it
        #expect((try await Self.status(runner)["tse"] as? [String: Any])?["serial"] as? String == serial)
    }

    @Test("demo store: pos register set K2 makes K2 a client of the simulated TSE beside POS-DEMO-1; sales on both are signed")
    func demoStore_registerChangeAddsAClient() async throws {
        let runner = try DemoFiscalEndToEndTests()
        defer { runner.data.remove() }
        #expect(try await runner.pos([]).status == 0)
        _ = try await runner.sell(["--item", "COF-ESP", "--pay", "cash"])
        #expect(try await runner.pos(["shift", "close", "--counted", "0.00"]).status == 0)

        // When the register id changes between shifts
        let set = try await runner.pos(["register", "set", "K2"])

        // Then K2 is a client of the simulated TSE, and the next sale is signed as K2's by the same TSE
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.text.contains("Register K2 is a client of the simulated TSE"), "\(set.text)")
        _ = try await runner.sell(["--item", "COF-ESP", "--pay", "cash"])
        let before = try await Self.signature(runner, saleId: 1)
        let after = try await Self.signature(runner, saleId: 2)
        #expect(before.clientSerial == "POS-DEMO-1" && after.clientSerial == "K2")
        #expect(before.tseSerial == after.tseSerial)
        #expect(try SimulatedTSETests.verifyFinish(after))
        let tse = try #require(try await Self.status(runner)["tse"] as? [String: Any])
        let clients = try #require(tse["clients"] as? [[String: Any]]).compactMap { $0["serial"] as? String }
        #expect(Set(clients) == ["POS-DEMO-1", "K2"], "\(clients)")
        #expect((tse["client"] as? [String: Any])?["serial"] as? String == "K2")
    }

    // MARK: - (b) a new register is a new fiskaly client

    @Test("fiskaly: changing the register id between shifts registers the new client (PUT seen) and every sale is signed")
    func fiskaly_registerChangeBetweenShifts_registersTheNewClient() async throws {
        let woo = WooTestServer()
        let fiskaly = FiskalyTestServer()
        let runner = try DemoFiscalEndToEndTests()
        defer { woo.stop(); fiskaly.stop(); runner.data.remove() }
        // Given a real store's till signing at fiskaly as register TILL-7, with one sale and its shift closed
        _ = try await LiveFiscalEndToEndTests.configureLiveTill(woo: woo, fiskaly: fiskaly, runner: runner)
        let pin = ["POS_FISKALY_ADMIN_PIN": fiskaly.adminPIN]
        let registered = try await runner.pos(["fiscal", "register-client", "--json"], environment: pin)
        #expect(registered.status == 0)
        let firstClient = try #require(FiscalSettings.load(dataDirectory: runner.data.url).clientID)
        // (`--json`: the register and its client at the TSE as machine fields)
        let enrolled = try #require(try JSONSerialization.jsonObject(with: registered.stdout) as? [String: Any])
        #expect(enrolled["register"] as? String == "TILL-7" && enrolled["clientSerial"] as? String == "TILL-7", "\(enrolled)")
        #expect(enrolled["clientId"] as? String == firstClient && enrolled["tssId"] is String, "\(enrolled)")
        _ = try await runner.sell(["--item", "FISCAL-MUG", "--pay", "cash"])
        #expect(try await runner.pos(["shift", "close", "--counted", "5.00"]).status == 0)
        let clientPuts = { fiskaly.requests.filter { $0.method == "PUT" && $0.path.contains("/client/") } }
        #expect(clientPuts().count == 1)
        // (Settings written before pos listed the registers' clients name only the current client: it is kept.)
        var legacy = FiscalSettings.load(dataDirectory: runner.data.url)
        legacy.tseClients = nil
        try legacy.save(dataDirectory: runner.data.url)
        let same = try await runner.pos(["register", "set", "TILL-7"])
        #expect(same.status == 0, "\(same.stderr)")
        #expect(same.text.contains("signs as client \(firstClient)"), "\(same.text)")
        #expect(clientPuts().count == 1, "the register's client is not registered again")

        // When the register id changes without the admin PIN: refused as usage, the till stays TILL-7
        let refused = try await runner.pos(["register", "set", "TILL-8"])
        #expect(refused.status == 64, "\(refused.text) \(refused.stderr)")
        #expect(refused.stderr.contains("POS_FISKALY_ADMIN_PIN"), "\(refused.stderr)")
        #expect(FiscalSettings.load(dataDirectory: runner.data.url).registerSerial == "TILL-7")
        #expect(clientPuts().count == 1)

        // When it changes with the admin PIN
        let set = try await runner.pos(["register", "set", "TILL-8"], environment: pin)
        #expect(set.status == 0, "\(set.stderr)")
        #expect(!set.text.contains(fiskaly.adminPIN) && !set.stderr.contains(fiskaly.adminPIN))

        // Then fiskaly saw the new client registered with serial TILL-8, and the till signs as it
        let put = try #require(clientPuts().last)
        #expect(clientPuts().count == 2)
        #expect(put.body.contains("\"serial_number\":\"TILL-8\""), "\(put.body)")
        let settings = FiscalSettings.load(dataDirectory: runner.data.url)
        let secondClient = try #require(settings.clientID)
        #expect(secondClient != firstClient)
        #expect(put.path.hasSuffix("/client/\(secondClient)"))
        #expect(fiskaly.clients[secondClient]?.serialNumber == "TILL-8")
        #expect(set.text.contains("Register TILL-8 registered as client \(secondClient)"), "\(set.text)")

        // And the next shift's sale is signed through the new client, the one before through the old
        _ = try await runner.sell(["--item", "FISCAL-MUG", "--pay", "cash"])
        let before = try await Self.signature(runner, saleId: 1)
        let after = try await Self.signature(runner, saleId: 2)
        #expect(before.clientSerial == "TILL-7" && after.clientSerial == "TILL-8")
        #expect(before.tseSerial == fiskaly.tse.serialNumberHex && after.tseSerial == fiskaly.tse.serialNumberHex)
        #expect(try SimulatedTSETests.verifyFinish(before) && SimulatedTSETests.verifyFinish(after))
        let txPuts = fiskaly.requests.filter { $0.method == "PUT" && $0.path.contains("/tx/") }
        #expect(txPuts.count == 4, "two sales, ACTIVE then FINISHED each")
        #expect(txPuts.suffix(2).allSatisfy { $0.body.contains("\"client_id\":\"\(secondClient)\"") })
        #expect(txPuts.prefix(2).allSatisfy { $0.body.contains("\"client_id\":\"\(firstClient)\"") })
        let status = try await Self.status(runner)
        #expect((status["counts"] as? [String: Any])?["signed"] as? Int == 2)
        let client = (status["tse"] as? [String: Any])?["client"] as? [String: Any]
        #expect(client?["id"] as? String == secondClient && client?["serial"] as? String == "TILL-8")
        #expect(client?["state"] as? String == "REGISTERED")

        // And switching back to TILL-7 reuses its client: no new registration
        let back = try await runner.pos(["register", "set", "TILL-7"])
        #expect(back.status == 0, "\(back.stderr)")
        #expect(clientPuts().count == 2)
        #expect(FiscalSettings.load(dataDirectory: runner.data.url).clientID == firstClient)

        // And the notification lists both registers with fiskaly's BSI certification id and their first uses
        let notification = try await runner.pos(["fiscal", "notification", "--json"])
        #expect(notification.status == 0, "\(notification.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: notification.stdout) as? [String: Any])
        #expect(report["mode"] as? String == "live")
        let tse = try #require(report["tse"] as? [String: Any])
        #expect(tse["serial"] as? String == fiskaly.tse.serialNumberHex)
        #expect(tse["bsiCertificationID"] as? String == fiskaly.bsiCertificationID)
        #expect(tse["kind"] as? String == "cloud")
        let registers = try #require(report["registers"] as? [[String: Any]])
        #expect(registers.compactMap { $0["serial"] as? String } == ["TILL-7", "TILL-8"])
        #expect(registers.allSatisfy { $0["firstUse"] as? String == DemoFiscalEndToEndTests.today() })
        #expect(registers.first?["tseClientID"] as? String == firstClient)
        #expect(registers.last?["tseClientID"] as? String == secondClient)
        #expect(registers.first?["current"] as? Bool == true)
        #expect((report["premises"] as? [String: Any])?["taxNumber"] as? String == "27/123/45678")
    }

    // MARK: - (c) the notification

    @Test("pos fiscal notification: per register what the ELSTER form asks, as JSON and as text in English and German")
    func notification_jsonAndText() async throws {
        let runner = try DemoFiscalEndToEndTests()
        defer { runner.data.remove() }
        // Given the demo store before any sale
        #expect(try await runner.pos([]).status == 0)
        let empty = try await runner.pos(["fiscal", "notification", "--json"])
        #expect(empty.status == 0, "\(empty.stderr)")
        let emptyReport = try #require(try JSONSerialization.jsonObject(with: empty.stdout) as? [String: Any])
        let emptyRegister = try #require((emptyReport["registers"] as? [[String: Any]])?.first)
        #expect(emptyRegister["firstUse"] == nil, "nothing signed yet: the merchant fills the first use in")
        #expect((emptyRegister["fillIn"] as? [String])?.contains("firstUse") == true)

        // When a sale is signed and the notification is asked for
        _ = try await runner.sell(["--item", "COF-ESP", "--pay", "cash"])
        let serial = try #require((try await Self.status(runner)["tse"] as? [String: Any])?["serial"] as? String)
        let json = try await runner.pos(["fiscal", "notification", "--json"])

        // Then the JSON names the register, the software, the TSE and its first use, and what the merchant fills in
        #expect(json.status == 0, "\(json.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        #expect(report["mode"] as? String == "demo")
        #expect(report["form"] as? String == "Mitteilung über elektronische Aufzeichnungssysteme (§ 146a Abs. 4 AO)")
        let registers = try #require(report["registers"] as? [[String: Any]])
        #expect(registers.count == 1)
        let register = try #require(registers.first)
        #expect(register["serial"] as? String == "POS-DEMO-1")
        #expect(register["current"] as? Bool == true)
        #expect(register["type"] as? String == "Computergestützte/PC-Kassensysteme")
        #expect(register["software"] as? String == "pos" && register["softwareVersion"] as? String == "0.1.0")
        #expect(register["firstUse"] as? String == DemoFiscalEndToEndTests.today())
        #expect(register["purchaseDate"] == nil)
        #expect(Set(register["fillIn"] as? [String] ?? []) == ["manufacturer", "model", "purchaseDate"])
        let tse = try #require(report["tse"] as? [String: Any])
        #expect(tse["serial"] as? String == serial)
        #expect(tse["simulated"] as? Bool == true && tse["kind"] as? String == "simulated")
        #expect(tse["bsiCertificationID"] == nil)
        #expect(tse["firstUse"] as? String == DemoFiscalEndToEndTests.today())
        #expect((tse["fillIn"] as? [String]) == [], "the simulator has no certification id to fill in")

        // And the text says the same, field by field, and which fields the merchant fills in
        let text = try await runner.pos(["fiscal", "notification"])
        #expect(text.status == 0, "\(text.stderr)")
        for expected in [
            "Mitteilung über elektronische Aufzeichnungssysteme (§ 146a Abs. 4 AO)",
            "Demo store: the simulated TSE is not certified",
            "Register POS-DEMO-1 (this till now)",
            "  Type (Art des eAs): Computergestützte/PC-Kassensysteme",
            "  Software (Software des eAs): pos",
            "  Software version: 0.1.0",
            "  Serial number (Seriennummer des eAs): POS-DEMO-1",
            "  Manufacturer (Hersteller des eAs): you fill in (the computer the till runs on)",
            "  Date of purchase (Anschaffung): you fill in (the date on your invoice)",
            "  First use (Inbetriebnahme): \(DemoFiscalEndToEndTests.today()) (its first signed transaction)",
            "  Serial number (Seriennummer der TSE): \(serial)",
            "  BSI certification id (BSI-Zertifizierungs-ID): none: the simulated TSE is not certified",
            "  Kind (Art der TSE): simulated (demo store, not certified)",
        ] {
            #expect(text.text.contains(expected), "missing \(expected) in\n\(text.text)")
        }
        let german = try await runner.pos(["fiscal", "notification"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(german.status == 0, "\(german.stderr)")
        for expected in [
            "Kasse POS-DEMO-1 (diese Kasse jetzt)",
            "  Art des eAs: Computergestützte/PC-Kassensysteme",
            "  Seriennummer des eAs: POS-DEMO-1",
            "  Datum der Anschaffung: tragen Sie ein (das Datum Ihrer Rechnung)",
            "  Seriennummer der TSE: \(serial)",
            "  BSI-Zertifizierungs-ID: keine: die simulierte TSE ist nicht zertifiziert",
        ] {
            #expect(german.text.contains(expected), "missing \(expected) in\n\(german.text)")
        }
    }
}
