import Foundation
import Testing
import WooTestServer

/// `pos catalog sync`, `lookup` and `search` as an operator runs them: the real executable and data directory,
/// real HTTP to the WooCommerce-compatible test server.
@Suite(.serialized)
struct PosCatalogEndToEndTests {
    let server = WooTestServer()
    let site: String
    let data: TemporaryDirectory

    init() throws {
        site = try server.start().absoluteString
        server.seedDemoStore()
        server.addUser(username: "manager", applicationPassword: "abcd efgh ijkl", role: .shopManager)
        data = try TemporaryDirectory()
    }

    private func tearDown() {
        server.stop()
        data.remove()
    }

    private func pos(_ arguments: [String]) async throws -> PosProcess.Outcome {
        try await PosProcess.run(
            arguments + ["--data-dir", data.path], environment: ["POS_APP_PASSWORD": "abcd efgh ijkl"])
    }

    @Test func catalogSyncThenLookup_afterLogin_findsProductsAndVariations() async throws {
        defer { tearDown() }
        // Given
        let login = try await pos(["login", "--site", site, "--username", "manager"])
        #expect(login.status == 0)
        // When
        let sync = try await pos(["catalog", "sync"])
        let lookup = try await pos(["catalog", "lookup", "4006381333931", "--json"])
        let variation = try await pos(["catalog", "lookup", "MER-TSH-M"])
        let search = try await pos(["catalog", "search", "coff bea", "--json"])
        // Then
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stdout.contains("20 products"))
        #expect(sync.stderr.contains("catalog sync: products"))  // log lines, stderr is not a terminal
        #expect(lookup.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(lookup.stdout.utf8)) as? [String: Any]
        #expect(json?["name"] as? String == "Espresso")
        #expect(json?["priceMinorUnits"] as? Int == 220)
        #expect(json?["currency"] as? String == "EUR")
        #expect(variation.status == 0)
        #expect(variation.stdout.contains("T-Shirt – M"))
        let results = try JSONSerialization.jsonObject(with: Data(search.stdout.utf8)) as? [[String: Any]]
        #expect(results?.count == 2)
    }

    @Test func catalogLookup_unknownCode_exitsTwoWithNotFound() async throws {
        defer { tearDown() }
        // Given
        _ = try await pos(["login", "--site", site, "--username", "manager"])
        _ = try await pos(["catalog", "sync"])
        // When
        let outcome = try await pos(["catalog", "lookup", "0000000"])
        // Then
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("not found: 0000000"))
        #expect(outcome.stderr.contains("pos catalog search"))
    }

    @Test func sell_codeTheLocalCatalogLacks_foundOnTheStoreByGTIN_storedAndSold_unchangedByTheNextSync() async throws {
        defer { tearDown() }
        // Given: a synced catalog, then a product added on the store
        _ = try await pos(["login", "--site", site, "--username", "manager"])
        _ = try await pos(["catalog", "sync"])
        let added = server.addProduct(name: "Sourdough", regularPrice: "4.80", sku: "BREAD-SD", globalUniqueID: "4012345678901")
        // When: the new product's barcode is sold
        let sell = try await pos(["sell", "--item", "4012345678901", "--pay", "cash"])
        // Then: looked up on the store, stored and sold
        #expect(sell.status == 0, "\(sell.stderr)")
        #expect(sell.stdout.contains("Sourdough"))
        let before = try await pos(["catalog", "lookup", "BREAD-SD", "--json"])
        #expect(before.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(before.stdout.utf8)) as? [String: Any]
        #expect(json?["name"] as? String == "Sourdough")
        #expect(json?["priceMinorUnits"] as? Int == 480)
        // When: the next incremental sync
        let sync = try await pos(["catalog", "sync", "--json"])
        let after = try await pos(["catalog", "lookup", "BREAD-SD", "--json"])
        // Then: the stored product is what the sync stores
        #expect(sync.status == 0)
        #expect(after.stdout == before.stdout)
        #expect(added.id > 0)
    }

    @Test func lookup_variationSKUBeforeAnySync_comesFromTheStoreWithItsParent() async throws {
        defer { tearDown() }
        // Given: logged in, nothing synced
        _ = try await pos(["login", "--site", site, "--username", "manager"])
        // When
        let lookup = try await pos(["catalog", "lookup", "MER-TSH-M"])
        let sibling = try await pos(["catalog", "lookup", "MER-TSH-L"])
        // Then: the variation, its parent and its siblings were stored as the sync stores them
        #expect(lookup.status == 0, "\(lookup.stderr)")
        #expect(lookup.stdout.contains("T-Shirt – M"))
        #expect(sibling.status == 0, "\(sibling.stderr)")
    }

    @Test func catalogSync_incrementalSecondRun_fetchesOnlyChanges() async throws {
        defer { tearDown() }
        // Given
        _ = try await pos(["login", "--site", site, "--username", "manager"])
        _ = try await pos(["catalog", "sync"])
        // When
        let second = try await pos(["catalog", "sync", "--json"])
        // Then
        #expect(second.status == 0)
        let report = try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any]
        #expect(report?["mode"] as? String == "incremental")
    }

    @Test func catalogSync_notLoggedIn_exitsNotLoggedIn() async throws {
        defer { tearDown() }
        let outcome = try await pos(["catalog", "sync"])
        #expect(outcome.status == 10)
        #expect(outcome.stderr.contains("pos login"))
    }
}

/// The catalog commands in the demo store: no site, the built-in catalog.
@Suite
struct PosCatalogDemoEndToEndTests {
    @Test func catalogInDemoStore_syncSaysDemoAndLookupFindsBuiltInProducts() async throws {
        let data = try TemporaryDirectory()
        defer { data.remove() }
        // Given the demo store
        _ = try await PosProcess.run(["status", "--data-dir", data.path])
        _ = try await PosProcess.run(["--data-dir", data.path])
        // When
        let sync = try await PosProcess.run(["catalog", "sync", "--data-dir", data.path])
        let lookup = try await PosProcess.run(["catalog", "lookup", "4006381333931", "--data-dir", data.path])
        // Then
        #expect(sync.status == 0)
        #expect(sync.stdout.contains("DEMO"))
        #expect(lookup.status == 0)
        #expect(lookup.stdout.contains("Espresso"))
        #expect(lookup.stdout.contains("2,20 €"))
    }
}
