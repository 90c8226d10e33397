import Composition
import Foundation
import Networking
import POSFoundation
import Yosemite
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Several registers, one catalog: three registers' first full syncs against `woo-test-server --store-costs
/// --pos-catalog` (the store's POS catalog API), paging against the catalog file, and the store CPU each way.
///
/// Pages: three registers, one after the other, each a full sync by pages (the catalog file off). File: the file
/// asked for once (`POST catalog/create`, as the first register does on a store without one) and generated in the
/// store's background at ~375 items/s on its workers, then the three registers' first syncs, each downloading it.
/// The store CPU is what the server's ledger charged (`GET /__test/costs` before and after): the file's side includes
/// the generation. The wait for the generation polls the control endpoint (the benchmark is another process).
@MainActor
struct SyncRegistersBenchmark {
    let testServer: URL
    let directory: URL
    let products: Int
    let registers: Int
    let progress: (String) -> Void

    struct Side: Encodable {
        /// The store CPU charged over the side, in seconds, and per register.
        var storeCPUSeconds: Double
        var perRegisterStoreCPUSeconds: [Double]
        /// Each register's full sync, wall seconds.
        var registerSeconds: [Double]
        var requests: Int
        /// For the file: the generation's store CPU and wall time (from asking to completed).
        var generationStoreCPUSeconds: Double?
        var generationSeconds: Double?
    }

    struct Result: Encodable {
        var products: Int
        var variations: Int
        var registers: Int
        var pages: Side
        var file: Side
        /// The file's store CPU over the pages'.
        var fileOverPages: Double
        var loadAtStart: Double
        var loadAtEnd: Double
    }

    func run() async throws -> Result {
        let loadAtStart = SyncBenchmark.load()
        progress("registers: starting woo-test-server --store-costs --pos-catalog with \(products) generated products")
        let server = try BenchTestServer(
            executable: testServer,
            extraArguments: ["--store-costs", "--pos-catalog", "--generate-products", String(products)])
        defer { server.stop() }

        var pages = Side(storeCPUSeconds: 0, perRegisterStoreCPUSeconds: [], registerSeconds: [], requests: 0)
        var report: CatalogSyncReport?
        let pagesBefore = try await server.chargedCPUSeconds()
        let pagesRequests = try await server.requestCount()
        for register in 1...registers {
            progress("registers: register \(register) of \(registers), first sync by pages")
            let (synced, seconds, cpu) = try await firstSync(server, name: "pages-\(register)", usesFile: false)
            report = report ?? synced
            pages.registerSeconds.append(seconds)
            pages.perRegisterStoreCPUSeconds.append(cpu)
        }
        pages.storeCPUSeconds = try await server.chargedCPUSeconds() - pagesBefore
        pages.requests = try await server.requestCount() - pagesRequests

        var file = Side(storeCPUSeconds: 0, perRegisterStoreCPUSeconds: [], registerSeconds: [], requests: 0)
        let fileBefore = try await server.chargedCPUSeconds()
        let fileRequests = try await server.requestCount()
        progress("registers: asking for the catalog file and waiting for the store to generate it")
        let clock = ContinuousClock()
        let start = clock.now
        try await server.askForCatalogFile()
        try await server.waitForCatalogFile()
        file.generationSeconds = start.duration(to: clock.now).seconds
        file.generationStoreCPUSeconds = try await server.chargedCPUSeconds() - fileBefore
        for register in 1...registers {
            progress("registers: register \(register) of \(registers), first sync with the catalog file")
            let (synced, seconds, cpu) = try await firstSync(server, name: "file-\(register)", usesFile: true)
            guard synced.productsStored == report?.productsStored, synced.variationsStored == report?.variationsStored else {
                throw BenchError("register \(register) stored \(synced.productsStored) products from the file, \(report?.productsStored ?? 0) by pages")
            }
            file.registerSeconds.append(seconds)
            file.perRegisterStoreCPUSeconds.append(cpu)
        }
        file.storeCPUSeconds = try await server.chargedCPUSeconds() - fileBefore
        file.requests = try await server.requestCount() - fileRequests
        return Result(
            products: report?.productsStored ?? 0, variations: report?.variationsStored ?? 0, registers: registers,
            pages: pages, file: file, fileOverPages: file.storeCPUSeconds / max(pages.storeCPUSeconds, 1e-9),
            loadAtStart: loadAtStart, loadAtEnd: SyncBenchmark.load())
    }

    /// One register's first full sync into a fresh data directory: its report, wall seconds and store CPU.
    private func firstSync(
        _ server: BenchTestServer, name: String, usesFile: Bool
    ) async throws -> (CatalogSyncReport, Double, Double) {
        let registerDirectory = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: registerDirectory, withIntermediateDirectories: true)
        let environment = try AppEnvironment.live(dataDirectory: registerDirectory, logger: BenchSuite.quietLogger)
        let network = environment.makeNetwork(Credentials(
            site: try SiteAddress(server.site), username: server.username, applicationPassword: server.password))
        let synchronizer = CatalogSynchronizer(
            network: network, database: environment.database, currency: .eur, clock: environment.clock,
            now: environment.now, logger: environment.logger,
            configuration: CatalogSyncConfiguration(usesCatalogFile: usesFile))
        let before = try await server.chargedCPUSeconds()
        let clock = ContinuousClock()
        let start = clock.now
        let report = try await synchronizer.synchronize(full: true)
        let seconds = start.duration(to: clock.now).seconds
        return (report, seconds, try await server.chargedCPUSeconds() - before)
    }
}

extension SyncRegistersBenchmark.Result {
    /// The rows of the bench table: measure, pages, file.
    var rows: [(String, String, String)] {
        func seconds(_ values: [Double]) -> String { values.map { String(format: "%.1f s", $0) }.joined(separator: ", ") }
        return [
            ("registers: \(registers) first syncs of \(products) products + \(variations) variations, store CPU (pages; file)",
             String(format: "%.1f s (%@)", pages.storeCPUSeconds, seconds(pages.perRegisterStoreCPUSeconds)),
             String(format: "%.1f s, of which %.1f s generating the file (registers %@)", file.storeCPUSeconds,
                    file.generationStoreCPUSeconds ?? 0, seconds(file.perRegisterStoreCPUSeconds))),
            ("registers: each register's first sync, wall (pages; file)", seconds(pages.registerSeconds),
             seconds(file.registerSeconds) + String(format: " after %.1f s of generation", file.generationSeconds ?? 0)),
            ("registers: requests (pages; file); the file's store CPU over the pages'",
             "\(pages.requests)", "\(file.requests); " + String(format: "%.2f×", fileOverPages)),
            ("registers: load average at start / end", String(format: "%.2f / %.2f", loadAtStart, loadAtEnd), ""),
        ]
    }
}
