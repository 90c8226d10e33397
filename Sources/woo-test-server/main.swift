import ArgumentParser
import Dispatch
import Foundation
import WooTestServer

/// Runs a WooCommerce-compatible test server until SIGTERM or SIGINT.
struct WooTestServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "woo-test-server",
        abstract: "A WooCommerce-compatible HTTP test server with real state and fault injection.",
        discussion: """
        Prints `listening on http://127.0.0.1:PORT` once ready. Drive it at runtime through /__test/ \
        (POST faults, mode, reset, users, clock, settings; GET state).
        """
    )

    @Option(help: "The port to listen on (0 = any free port).")
    var port: UInt16 = 0

    @Option(help: "The initial catalogue: demo or empty.")
    var seed: Seed = .demo

    @Option(name: .customLong("user"), help: "A user as NAME:APP_PASSWORD[:ROLE] (repeatable; role defaults to administrator).")
    var users: [String] = []

    @Option(help: "wooCommerce, wordPressWithoutWooCommerce or notWordPress.")
    var mode: String = WooTestServer.Mode.wooCommerce.rawValue

    @Flag(help: "Answer only ?rest_route= URLs, as a site with plain permalinks does.")
    var plainPermalinks = false

    @Flag(help: "Play a real store's costs, per request kind (69 ms per request, 1.4 ms per trimmed product, 2.9 per full one, 2.1 per product read by id, 107 ms per batched order, 375 catalog-file items/s), as many requests at once as this machine has cores, Connection: close. GET /__test/costs reads the store CPU charged.")
    var storeCosts = false

    @Flag(help: "Offer WooCommerce's POS catalog API (wc/pos/v1/catalog/create, a file generated at ~375 items/s), as WooCommerce 10.5 and later do.")
    var posCatalog = false

    @Option(help: "How the host answers for the POS catalog file: none (served), forbidden (403) or html (an HTML page).")
    var catalogFileBlock = "none"

    @Option(help: "WordPress's site language, as get_locale() says it (en_US, de_DE).")
    var siteLanguage = "en_US"

    @Option(help: "Add this many generated products (every 100th variable with 5 variations) after the seed.")
    var generateProducts = 0

    enum Seed: String, ExpressibleByArgument {
        case demo
        case empty
    }

    func validate() throws {
        guard WooTestServer.CatalogFileBlock(rawValue: catalogFileBlock) != nil else {
            throw ValidationError("Unknown --catalog-file-block '\(catalogFileBlock)'.")
        }
        guard WooTestServer.Mode(rawValue: mode) != nil else {
            throw ValidationError("Unknown mode '\(mode)'.")
        }
        for user in users {
            let parts = user.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2 || parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw ValidationError("A user is NAME:APP_PASSWORD[:ROLE].")
            }
            if parts.count == 3, UserRole(rawValue: String(parts[2])) == nil {
                throw ValidationError("Unknown role '\(parts[2])'.")
            }
        }
    }

    func run() throws {
        let server = WooTestServer(configuration: .init(port: port))
        if seed == .demo { server.seedDemoStore() }
        for user in users {
            let parts = user.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            server.addUser(username: parts[0], applicationPassword: parts[1],
                           role: parts.count == 3 ? UserRole(rawValue: parts[2]) ?? .administrator : .administrator)
        }
        server.updateSettings { $0.siteLanguage = siteLanguage }
        server.mode = WooTestServer.Mode(rawValue: mode) ?? .wooCommerce
        server.prettyPermalinks = !plainPermalinks
        if generateProducts > 0 { server.generateCatalog(products: generateProducts) }
        if storeCosts { server.storeCosts = .storeLike }
        server.offersPOSCatalog = posCatalog
        server.catalogFileBlock = WooTestServer.CatalogFileBlock(rawValue: catalogFileBlock) ?? .none
        let url = try server.start()

        var sources: [any DispatchSourceSignal] = []
        for signalNumber in [SIGTERM, SIGINT] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
            source.setEventHandler {
                server.stop()
                Foundation.exit(0)
            }
            source.resume()
            sources.append(source)
        }
        FileHandle.standardOutput.write(Data("listening on \(url.absoluteString)\n".utf8))
        withExtendedLifetime(sources) { dispatchMain() }
    }
}

WooTestServerCommand.main()
