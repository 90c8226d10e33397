import Foundation
import FiskalyTestServer
import POSFoundation
import Storage
import Testing
import TSESimulator
import WooTestServer
import Yosemite
import YosemiteTestSupport

/// A real store's till signing with fiskaly SIGN DE v2, end to end: `pos login` to the WooCommerce test server,
/// `pos fiscal configure` with the TSS, client, register serial and API key (secret from the environment), then
/// `pos sell` through the live composition root: the sale is signed by the fiskaly route simulator over HTTP,
/// its receipt carries that TSE's data (not marked DEMO), and the signature verifies with its public key.
@Suite("fiscal end to end (real store, fiskaly route simulator)", .serialized)
struct LiveFiscalEndToEndTests {
    @Test("a configured till signs each sale at fiskaly; the TSE down, the sale goes on and is recorded")
    func configuredTill_signsAtFiskaly_andSellsThroughAnOutage() async throws {
        let woo = WooTestServer()
        let fiskaly = FiskalyTestServer()
        let runner = try DemoFiscalEndToEndTests()
        defer { woo.stop(); fiskaly.stop(); runner.data.remove() }
        // Given a logged-in till with a product, and fiskaly's TSS with this register as its client
        let configure = try await Self.configureLiveTill(woo: woo, fiskaly: fiskaly, runner: runner)
        // The till registers itself as a client of the TSS (admin PIN from the environment); the id is saved
        let noPIN = try await runner.pos(["fiscal", "register-client"])
        #expect(noPIN.status == 64)
        let register = try await runner.pos(["fiscal", "register-client"], environment: ["POS_FISKALY_ADMIN_PIN": fiskaly.adminPIN])
        #expect(register.status == 0, "\(register.stderr)")
        #expect(register.text.contains("serial TILL-7"))
        #expect(!register.text.contains(fiskaly.adminPIN))
        #expect(!configure.text.contains(fiskaly.apiSecret))
        let credentials = runner.data.url.appendingPathComponent("fiskaly-credentials.json").path
        #expect((try FileManager.default.attributesOfItem(atPath: credentials)[.posixPermissions] as? Int) == 0o600)

        // When a sale is made
        let order = try await runner.sell(["--item", "FISCAL-MUG:2", "--pay", "cash"])

        // Then fiskaly signed it and the receipt carries its data, not marked as a demo
        let receipt = try await runner.pos(["receipt", "show", String(order)])
        let squeezed = DemoFiscalEndToEndTests.squeezed(receipt.text)
        #expect(squeezed.contains("RegisterserialTILL-7"), "\(receipt.text)")
        #expect(squeezed.contains(fiskaly.tse.serialNumberHex))
        #expect(!receipt.text.contains("DEMO"))
        #expect(receipt.text.contains("Tax no. 27/123/45678"), "the fiscal settings' tax number heads the receipt")
        let status = try await runner.pos(["fiscal", "status", "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: status.stdout) as? [String: Any])
        #expect(report["mode"] as? String == "live")
        #expect((report["tse"] as? [String: Any])?["serial"] as? String == fiskaly.tse.serialNumberHex)
        #expect((report["counts"] as? [String: Any])?["signed"] as? Int == 1)
        let row = try #require(try await runner.environment().database.fiscalTransaction(saleId: 1))
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        let signature = try decoder.decode(FiscalSignature.self, from: Data(try #require(row.signature).utf8))
        #expect(signature.publicKey == fiskaly.tse.publicKeyBase64 && !signature.isSimulated)
        #expect(try SimulatedTSETests.verifyFinish(signature))
        #expect(squeezed.contains("[QR:" + signature.qrCodeData + "]"))
        let puts = fiskaly.requests.filter { $0.method == "PUT" && $0.path.contains("/tx/") }
        #expect(puts.count == 2, "ACTIVE then FINISHED: \(puts.map(\.body))")
        #expect(puts.last?.body.contains("FINISHED") == true)

        // When fiskaly answers 503 to the next sale's start
        fiskaly.enqueueFault(.status(503))
        let second = try await runner.sell(["--item", "FISCAL-MUG", "--pay", "cash"])

        // Then the sale completed, its receipt says the TSE failed, and pos status shows the outage
        #expect(try await runner.pos(["receipt", "show", String(second)]).text.contains("TSE FAILED (TSE ausgefallen)"))
        #expect(try await runner.pos(["status"]).text.contains("TSE OUTAGE"))
    }

    @Test("logout refuses (exit 8, naming pos fiscal export) while signed sales are unexported; after the export it logs out")
    func logout_refusedUntilTheFiscalRecordsAreExported() async throws {
        let woo = WooTestServer()
        let fiskaly = FiskalyTestServer()
        let runner = try DemoFiscalEndToEndTests()
        defer { woo.stop(); fiskaly.stop(); runner.data.remove() }
        // Given a logged-in till signing at fiskaly, with one signed sale synced to the store
        _ = try await Self.configureLiveTill(woo: woo, fiskaly: fiskaly, runner: runner)
        #expect(try await runner.pos(["fiscal", "register-client"], environment: ["POS_FISKALY_ADMIN_PIN": fiskaly.adminPIN]).status == 0)
        _ = try await runner.sell(["--item", "FISCAL-MUG", "--pay", "cash"])
        let sync = try await runner.pos(["sync"])
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(try await runner.environment().database.fiscalTransaction(saleId: 1)?.state == .signed)

        // When the till logs out before the sale is exported
        let refused = try await runner.pos(["logout"])
        // Then logout is refused as pending work, names the export, and keeps the journal
        #expect(refused.status == 8, "\(refused.text) \(refused.stderr)")
        #expect(refused.stderr.contains("pos fiscal export"), "\(refused.stderr)")
        #expect(try await runner.environment().database.fiscalTransaction(saleId: 1) != nil)

        // When the shift is closed but not exported: still refused
        #expect(try await runner.pos(["shift", "close", "--counted", "5.00"]).status == 0)
        #expect(try await runner.pos(["logout"]).status == 8)

        // When the closing is exported, logout goes through and wipes the journal and the export record
        let folder = runner.data.url.appendingPathComponent("export")
        let export = try await runner.pos(["fiscal", "export", "--from", DemoFiscalEndToEndTests.today(), "--to",
                                     DemoFiscalEndToEndTests.today(), folder.path])
        #expect(export.status == 0, "\(export.stderr)")
        let logout = try await runner.pos(["logout"])
        #expect(logout.status == 0, "\(logout.stderr)")
        #expect(!FileManager.default.fileExists(atPath: runner.data.url.appendingPathComponent(FiscalExportLedger.fileName).path))
        #expect(try await runner.environment().database.fiscalTransaction(saleId: 1) == nil)
    }

    @Test("a forced logout with unexported fiscal records warns naming pos fiscal export, then wipes")
    func forcedLogout_warnsNamingTheExport() async throws {
        let woo = WooTestServer()
        let fiskaly = FiskalyTestServer()
        let runner = try DemoFiscalEndToEndTests()
        defer { woo.stop(); fiskaly.stop(); runner.data.remove() }
        _ = try await Self.configureLiveTill(woo: woo, fiskaly: fiskaly, runner: runner)
        #expect(try await runner.pos(["fiscal", "register-client"], environment: ["POS_FISKALY_ADMIN_PIN": fiskaly.adminPIN]).status == 0)
        _ = try await runner.sell(["--item", "FISCAL-MUG", "--pay", "cash"])
        #expect(try await runner.pos(["sync"]).status == 0)
        // When
        let forced = try await runner.pos(["logout", "--force"])
        // Then
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stderr.contains("Warning: 1 TSE-journaled sale(s) were never exported with `pos fiscal export`"), "\(forced.stderr)")
        #expect(try await runner.environment().database.fiscalTransaction(saleId: 1) == nil)
    }

    /// A till logged in to the WooCommerce test server with a zero-rate "Fiscal Mug" (FISCAL-MUG) in its catalog
    /// and configured for fiskaly's route simulator as register TILL-7 (the secret from the environment).
    /// Returns `pos fiscal configure`'s outcome.
    static func configureLiveTill(woo: WooTestServer, fiskaly: FiskalyTestServer, runner: DemoFiscalEndToEndTests)
        async throws -> DemoFiscalEndToEndTests.Outcome {
        let site = try woo.start().absoluteString
        woo.seedDemoStore()
        woo.addUser(username: "manager", applicationPassword: "fiscal pass", role: .shopManager)
        let productID = woo.addProduct(name: "Fiscal Mug", regularPrice: "5.00", taxClass: "zero-rate").id
        let base = try fiskaly.start().absoluteString
        let login = try await runner.pos(["login", "--site", site, "--username", "manager"], environment: ["POS_APP_PASSWORD": "fiscal pass"])
        #expect(login.status == 0, "\(login.stderr)")
        try await DSFinVKOracleSQL.execute(
            "INSERT OR REPLACE INTO product (id, name, sku, price, regularPrice, taxClass) VALUES (\(productID), 'Fiscal Mug', 'FISCAL-MUG', '5.00', '5.00', 'zero-rate')",
            database: runner.data.url.appendingPathComponent("pos.sqlite").path)
        let configure = try await runner.pos(
            ["fiscal", "configure", "--tax-number", "27/123/45678", "--vat-id", "DE123456789", "--register-serial", "TILL-7",
             "--tss-id", fiskaly.tssID, "--fiskaly-key", fiskaly.apiKey, "--fiskaly-url", base],
            environment: ["POS_FISKALY_API_SECRET": fiskaly.apiSecret])
        #expect(configure.status == 0, "\(configure.stderr)")
        return configure
    }
}
