import Foundation
import Testing
import WooTestServer

/// `pos cashier import` (cashiers from the WordPress users with a POS capability when online): the real
/// executable against the WooCommerce-compatible test server, which answers `wp/v2/users` as WordPress does.
@Suite(.serialized)
struct PosCashierImportEndToEndTests {
    let server = WooTestServer()
    let site: String
    let data: TemporaryDirectory

    init() throws {
        site = try server.start().absoluteString
        server.seedDemoStore()
        // The till logs in as a shop manager (WooCommerce gives them list_users)
        server.addUser(username: "till", applicationPassword: "abcd efgh ijkl", role: .shopManager, name: "Till Login")
        server.addUser(username: "anna", applicationPassword: "x", role: .administrator, name: "Anna Berg")
        server.addUser(username: "carl", applicationPassword: "x", role: .customer, name: "Carl Diaz",
                       capabilities: ["access_woocommerce_pos"])
        server.addUser(username: "dora", applicationPassword: "x", role: .customer, name: "Dora Eck")
        server.addUser(username: "subscriber", applicationPassword: "subscriber pass", role: .subscriber)
        data = try TemporaryDirectory()
    }

    private func tearDown() {
        server.stop()
        data.remove()
    }

    private func pos(_ arguments: [String], stdin: String? = nil, password: String = "abcd efgh ijkl") async throws -> PosProcess.Outcome {
        try await PosProcess.run(arguments + ["--data-dir", data.path], environment: ["POS_APP_PASSWORD": password],
                                 stdin: stdin)
    }

    @Test func storeManagersAndPosUsers_becomeCashiersWithTheirPins_otherUsersDoNot() async throws {
        defer { tearDown() }
        // Given a till logged in to the store, with no cashiers yet
        #expect(try await pos(["login", "--site", site, "--username", "till"]).status == 0)

        // When the store's users are listed
        let listed = try await pos(["cashier", "import", "--list"])
        // Then the managers (manage_woocommerce) come first, then the users granted access_woocommerce_pos; a
        // customer without it is not among them
        #expect(listed.status == 0, "\(listed.stderr)")
        let rows = listed.stdout.split(separator: "\n").map(String.init)
        #expect(rows == ["Anna Berg\tmanager\tanna\tnew", "Till Login\tmanager\ttill\tnew", "Carl Diaz\tcashier\tcarl\tnew"],
                "\(listed.stdout)")
        #expect(try await pos(["cashier", "list"]).stdout.contains("No cashiers"), "listing adds nobody")

        // When they are imported: a PIN for Anna (the first manager, who then approves the rest), Till skipped,
        // one for Carl
        let imported = try await pos(["cashier", "import"], stdin: "2468\n\n1357\n")
        // Then Anna and Carl are cashiers here with their roles, and Till is not
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Added manager Anna Berg."), "\(imported.stdout)")
        #expect(imported.stdout.contains("Skipped Till Login: no PIN given."))
        #expect(imported.stdout.contains("Added cashier Carl Diaz."))
        #expect(imported.stdout.contains("Imported 2 cashiers."))
        let list = try await pos(["cashier", "list"])
        #expect(list.stdout.contains("Anna Berg\tmanager\tok") && list.stdout.contains("Carl Diaz\tcashier\tok"), "\(list.stdout)")
        #expect(!list.stdout.contains("Till Login") && !list.stdout.contains("Dora"))
        // And each signs in with the PIN given at the import
        #expect(try await pos(["cashier", "sign-in", "Carl Diaz"], stdin: "1357\n").status == 0)

        // When the import runs again: the ones here are marked, and adding Till now needs a manager's approval
        let again = try await pos(["cashier", "import", "--list"])
        #expect(again.stdout.contains("Anna Berg\tmanager\tanna\talready a cashier here"), "\(again.stdout)")
        #expect(again.stdout.contains("Till Login\tmanager\ttill\tnew"))
        let unapproved = try await pos(["cashier", "import"], stdin: "9753\n")
        #expect(unapproved.status == 16, "\(unapproved.stderr)")
        let approved = try await pos(["cashier", "import", "--manager", "Anna Berg"], stdin: "2468\n9753\n")
        #expect(approved.status == 0, "\(approved.stderr)")
        #expect(approved.stdout.contains("Added manager Till Login.") && approved.stdout.contains("Imported 1 cashier."))
        // And no PIN was printed
        for outcome in [listed, imported, again, unapproved, approved] {
            for pin in ["2468", "1357", "9753"] { #expect(!outcome.stdout.contains(pin) && !outcome.stderr.contains(pin)) }
        }
    }

    @Test func aJSONImportThatFailsPartway_printsWhomItAdded_besideTheError() async throws {
        defer { tearDown() }
        // Given a till logged in to the store, with no cashiers yet
        #expect(try await pos(["login", "--site", site, "--username", "till"]).status == 0)

        // When a scripted import sets Anna's PIN and then gives Till one too short
        let imported = try await pos(["cashier", "import", "--json"], stdin: "2468\n12\n")

        // Then it fails with the PIN's error, and its JSON report names Anna as added (she stays a cashier)
        #expect(imported.status == 64, "\(imported.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(imported.stdout.utf8)) as? [String: Any],
                                  "\(imported.stdout)")
        let added = (report["added"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(added == ["Anna Berg"], "\(imported.stdout)")
        #expect(try await pos(["cashier", "list"]).stdout.contains("Anna Berg\tmanager\tok"))
        #expect(!imported.stdout.contains("2468") && !imported.stderr.contains("2468"))
    }

    @Test func aLoginThatMayNotListUsers_isToldWhatToDo_andTheDemoStoreHasNoUsers() async throws {
        defer { tearDown() }
        // Given a demo till (pos with no command sets up the demo store)
        let demoData = try TemporaryDirectory()
        defer { demoData.remove() }
        _ = try await PosProcess.run(["--data-dir", demoData.path])
        let demo = try await PosProcess.run(["cashier", "import", "--list", "--data-dir", demoData.path])
        // Then
        #expect(demo.status == 10, "\(demo.stderr)")
        #expect(demo.stderr.contains("The demo store has no users"), "\(demo.stderr)")
        #expect(demo.stderr.contains("pos cashier add NAME"))
        // And the store refuses its users to a login without list_users (403 rest_forbidden_context)
        server.addUser(username: "till", applicationPassword: "abcd efgh ijkl", role: .shopManager)
        #expect(try await pos(["login", "--site", site, "--username", "till"]).status == 0)
        server.addUser(username: "till", applicationPassword: "abcd efgh ijkl", role: .subscriber)
        let refused = try await pos(["cashier", "import", "--list"])
        #expect(refused.status == 7, "\(refused.stderr)")
        #expect(refused.stderr.contains("The store's users could not be loaded"), "\(refused.stderr)")
        #expect(refused.stderr.contains("administrator or shop manager"))
    }
}
