import Composition
import Counter
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import POSFoundation
import Storage
import Yosemite

/// The counter while it syncs: a store on `woo-test-server --store-costs`, a local catalog of `products`, and
/// `orders` cash sales queued offline; the server's prices change for 1 % of its products. The counter starts
/// (its session starts the outbox scheduler and the catalog refresher in the same process) and a cashier scans and
/// types the whole time; each key and scan is timed to the frame that shows it, and each letter also to the frame
/// whose results answer the query it completes (the shell shows a letter at once, before it may deliver it: see
/// ``Cashier``). Samples taken while the sync runs
/// (the outbox not empty, or the first catalog pull not finished) are compared with as many taken right after, on
/// the same counter: the baseline side by side in one run.
@MainActor
struct CounterUnderSyncBenchmark {
    let testServer: URL
    /// The local catalog's size (the server's products plus generated ones).
    let products: Int
    /// Products on the test server (all pulled before the counter starts; 1 % of them change).
    let serverProducts: Int
    let orders: Int

    struct Phase: Encodable {
        var keystrokes: Percentiles
        /// Letters to the frame whose result list answers the query (the search ran).
        var keystrokesToResults: Percentiles
        var scans: Percentiles
        var seconds: Double
    }

    struct Result: Encodable {
        var products: Int
        var serverProducts: Int
        var orders: Int
        var changedPrices: Int
        /// From the counter's start until the outbox was empty and the catalog change pulled.
        var syncSeconds: Double
        var underSync: Phase
        var idle: Phase
        var ordersOnServer: Int
        var peakRSSMiB: Double
        var loadAtStart: Double
        var loadAtEnd: Double
    }

    /// p50, p99, p999 and the maximum of key-to-frame times, in milliseconds.
    struct Percentiles: Encodable {
        var count: Int
        var p50: Double
        var p99: Double
        var p999: Double
        var max: Double

        init(_ samples: [Duration]) {
            let sorted = samples.map(\.milliseconds).sorted()
            func at(_ fraction: Double) -> Double {
                guard !sorted.isEmpty else { return 0 }
                let index = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
                return (sorted[Swift.min(Swift.max(index, 0), sorted.count - 1)] * 100).rounded() / 100
            }
            count = sorted.count
            p50 = at(0.50)
            p99 = at(0.99)
            p999 = at(0.999)
            max = at(1)
        }
    }

    func run(progress: (String) -> Void) async throws -> Result {
        let loadAtStart = SyncBenchmark.load()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("pos-bench-counter-sync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        progress("counter under sync: woo-test-server --store-costs with \(serverProducts) products")
        let server = try BenchTestServer(
            executable: testServer, extraArguments: ["--store-costs", "--generate-products", String(serverProducts)])
        defer { server.stop() }
        let environment = try AppEnvironment.live(dataDirectory: scratch, logger: BenchSuite.quietLogger)
        let manager = StoresManager(environment: environment)
        let (_, settings) = try await manager.login(
            siteURL: server.site, username: server.username, applicationPassword: server.password)
        progress("counter under sync: full catalog pull (not timed)")
        _ = try await manager.dispatch { CatalogSyncAction.synchronize(full: true, progress: nil, reply: $0) }
        let generator = BenchCatalogGenerator(productCount: max(products - serverProducts, 1))
        progress("counter under sync: \(generator.productCount) more products stored locally")
        // Ids far above the store's.
        try await generator.store(in: environment.database, idOffset: 10_000_000)

        progress("counter under sync: \(orders) cash sales queued")
        let cart = Cart(items: [Cart.Item(code: "GEN-1", quantity: 1)])
        for _ in 0..<orders {
            _ = try await manager.dispatch { OrderAction.completeSale(cart: cart, tender: .cash(tendered: nil), reply: $0) }
        }
        // A till past its first-run set-up, so the counter opens on the sell screen.
        _ = try await manager.dispatch { AppSettingsAction.updateAppSettings({ $0.firstRunDone = true }, reply: $0) }
        let changed = try await server.changePrices(every: 100, generated: serverProducts)
        progress("counter under sync: \(changed.count) prices changed on the store; the counter starts")

        // The counter, and the session's events beside it (the outbox count), and the catalog pulls.
        let screen = CanvasScreen(size: TerminalSize(rows: 30, columns: 100))
        let app = CounterApp(stores: manager, settings: settings, screen: screen)
        let clock = ContinuousClock()
        let started = clock.now
        let running = Task { await app.run() }
        let watcher = SyncWatcher()
        let events = manager.sessionEvents()
        let pulls = manager.catalogPullsFinished()
        let eventTask = Task { @MainActor in for await event in events { watcher.pending = event.pendingEntries } }
        let pullTask = Task { @MainActor in for await _ in pulls { watcher.pulled = true; break } }
        defer { eventTask.cancel(); pullTask.cancel() }
        _ = await screen.frame { $0.contains("▏") }

        // The store's generated GTINs ("40" and 11 digits of its index) equal the local ones ("40", 10 digits of the
        // id, a check digit) for ids up to a tenth of the store's count: the cashier scans above them.
        var cashier = Cashier(screen: screen, sell: app.router.sell, generator: generator, firstID: serverProducts / 10 + 1) {
            app.router.sell.interactor.newSale()
        }
        var busy = Samples()
        while !watcher.done || busy.scans.count < 20 {
            try await cashier.round(into: &busy)
            if clock.now - started > .seconds(600) { throw BenchError("the sync did not end within 10 minutes") }
        }
        let syncTime = clock.now - started
        let idleStart = clock.now
        var idle = Samples()
        while idle.scans.count < busy.scans.count || idle.keys.count < busy.keys.count {
            try await cashier.round(into: &idle)
        }
        let idleTime = clock.now - idleStart
        screen.close()
        await running.value

        let state = try await server.state()
        let ordersOnServer = (state["orders"] as? [[String: Any]])?.count ?? -1
        guard ordersOnServer == orders else {
            throw BenchError("the store has \(ordersOnServer) orders after the sync, expected \(orders) (every order once)")
        }
        return Result(
            products: products, serverProducts: serverProducts, orders: orders, changedPrices: changed.count,
            syncSeconds: syncTime.seconds,
            underSync: Phase(keystrokes: Percentiles(busy.keys), keystrokesToResults: Percentiles(busy.results),
                             scans: Percentiles(busy.scans), seconds: syncTime.seconds),
            idle: Phase(keystrokes: Percentiles(idle.keys), keystrokesToResults: Percentiles(idle.results),
                        scans: Percentiles(idle.scans), seconds: idleTime.seconds),
            ordersOnServer: ordersOnServer, peakRSSMiB: (Double(BenchCounterCommand.peakRSSKiB()) / 1024 * 10).rounded() / 10,
            loadAtStart: loadAtStart, loadAtEnd: SyncBenchmark.load())
    }

    /// What the counter's session reports: the outbox count and whether the catalog pull has finished.
    @MainActor final class SyncWatcher {
        var pending = Int.max
        var pulled = false
        var done: Bool { pending == 0 && pulled }
    }

    struct Samples {
        var keys: [Duration] = []
        /// Letters to the frame with their search's results.
        var results: [Duration] = []
        var scans: [Duration] = []
    }

    /// A cashier at the keyboard: a search typed letter by letter and cleared with Esc, then a scan; every 25
    /// scans a new sale. Each letter is timed to the first frame that shows it (the shell's echo of a key it still
    /// holds as a possible scan) and to the frame whose results answer the query; the next letter follows that
    /// frame (a cashier reads the results), so letters are never as close together as a scanner's.
    @MainActor struct Cashier {
        let screen: CanvasScreen
        let sell: SellView
        let generator: BenchCatalogGenerator
        var random = SeededRandom(seed: 7)
        var scanned = 0
        let clock = ContinuousClock()

        let firstID: Int
        let newSale: @MainActor () -> Void

        init(screen: CanvasScreen, sell: SellView, generator: BenchCatalogGenerator, firstID: Int,
             newSale: @escaping @MainActor () -> Void) {
            self.screen = screen
            self.sell = sell
            self.generator = generator
            self.firstID = firstID
            self.newSale = newSale
        }

        mutating func round(into samples: inout Samples) async throws {
            let word = BenchCatalogGenerator.words[Int(random.next() % UInt64(BenchCatalogGenerator.words.count))]
            var query = ""
            for character in word.prefix(4) {
                query.append(character)
                let shown = query + "▏"
                let sent = clock.now
                screen.type([.character(character)])
                _ = await screen.frame { $0.contains(shown) }
                samples.keys.append(clock.now - sent)
                // The frame drawn once the letter was delivered (nothing held) and its search answered.
                let sell = sell
                _ = await screen.frame { frame in
                    frame.heldKeys.isEmpty && frame.contains(shown) && sell.viewModel.query == query && !sell.interactor.isSearching
                }
                samples.results.append(clock.now - sent)
            }
            let typed = query + "▏"
            let sent = clock.now
            screen.type([.escape])
            _ = await screen.frame { !$0.contains(typed) }
            samples.keys.append(clock.now - sent)

            if scanned % 25 == 0 { newSale() }
            scanned += 1
            let id = firstID + Int(random.next() % UInt64(generator.productCount - firstID + 1))
            let name = generator.name(id)
            let code = generator.isVariable(id) ? generator.variationSKU(id, 0) : generator.gtin(id)
            let scanSent = clock.now
            screen.scan(code)
            _ = await screen.frame { $0.contains(TextWidth.prefix(name, fitting: 40)) }
            samples.scans.append(clock.now - scanSent)
        }
    }

}

extension BenchTestServer {
    /// Raises the regular price of every `every`-th simple product on the store (`POST products/batch`), as a merchant's
    /// price change would; returns the changed ids. `generated`: the products the server generated
    /// (`--generate-products`).
    func changePrices(every: Int, generated: Int) async throws -> [Int] {
        var ids: [Int] = []
        // Page by page up to the store's count (a page past the last one is a 400, as WooCommerce answers).
        for page in 1...((generated + 99) / 100 + 1) {
            let listed = try await get("/wp-json/wc/v3/products?per_page=100&page=\(page)&_fields=id,sku,type")
            guard let items = listed as? [[String: Any]], !items.isEmpty else { break }
            // Simple products: a variable product's price is its variations' (and every 100th generated product is
            // variable, so a stride over all of them would change only those).
            ids += items.filter { ($0["sku"] as? String)?.hasPrefix("GEN-") == true && $0["type"] as? String == "simple" }
                .compactMap { $0["id"] as? Int }
            if items.count < 100 { break }
        }
        let chosen = stride(from: 0, to: ids.count, by: every).map { ids[$0] }
        for start in stride(from: 0, to: chosen.count, by: 100) {
            let batch = chosen[start..<min(start + 100, chosen.count)].map { ["id": $0, "regular_price": "99.99"] as [String: Any] }
            _ = try await post("/wp-json/wc/v3/products/batch", ["update": batch])
        }
        return chosen
    }

    /// A REST `GET` as the bench user; the decoded JSON.
    func get(_ path: String) async throws -> Any {
        try await send(URLRequest(url: URL(string: site + path)!))
    }

    /// A REST `POST` of `body` as JSON, as the bench user; the decoded JSON.
    func post(_ path: String, _ body: Any) async throws -> Any {
        var request = URLRequest(url: URL(string: site + path)!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        return try await send(request)
    }

    private func send(_ request: URLRequest) async throws -> Any {
        var request = request
        let basic = Data("\(username):\(password)".utf8).base64EncodedString()
        request.setValue("Basic \(basic)", forHTTPHeaderField: "Authorization")
        let (data, response) = try await URLSession.shared.data(for: request)
        guard let status = (response as? HTTPURLResponse)?.statusCode, (200..<300).contains(status) else {
            throw BenchError("the test server answered \(request.httpMethod ?? "GET") \(request.url?.path ?? "") with \(String(decoding: data.prefix(200), as: UTF8.self))")
        }
        return try JSONSerialization.jsonObject(with: data)
    }
}
