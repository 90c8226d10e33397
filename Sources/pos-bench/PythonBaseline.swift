import Foundation

/// Runs `scripts/bench/baseline.py` with `/usr/bin/python3` on the same data and server as pos, and reads its JSON.
struct PythonBaseline {
    let script: URL

    struct Ingest: Codable {
        var products: Int
        var variations: Int
        var seconds: Double
        var productsPerSecond: Double
    }

    struct Drain: Codable {
        var orders: Int
        var seconds: Double
        var ordersPerSecond: Double
        /// Requests the script sent (one per order); ``Result/drainRequestsLogged`` is the server's count.
        var requests: Int
        var failures: Int
    }

    struct Report: Decodable {
        var python: String
        var sqlite: String
        var settings: String
        var ingest: Ingest?
        var drain: Drain?
    }

    /// What the baseline measured, with the server's own count of the drain's requests.
    struct Result: Encodable {
        var python: String
        var sqlite: String
        var settings: String
        var ingest: Ingest
        var drain: Drain
        var drainRequestsLogged: Int
    }

    /// Writes the generator's pages as the JSON files the script reads: `products-NNNNN.json` and
    /// `variations-ID.json`, byte for byte what the Swift side decodes.
    static func writePages(of generator: BenchCatalogGenerator, to directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for page in 1...generator.pageCount {
            try generator.productPage(page)
                .write(to: directory.appendingPathComponent(String(format: "products-%05d.json", page)))
        }
        for id in 1...generator.productCount where generator.isVariable(id) {
            try generator.variationPage(productID: id).write(to: directory.appendingPathComponent("variations-\(id).json"))
        }
    }

    func ingest(pages: URL, database: URL) async throws -> Ingest {
        let report = try await run(["--pages", pages.path, "--db", database.path], password: nil)
        guard let ingest = report.ingest else { throw BenchError("baseline.py reported no ingest") }
        return ingest
    }

    func drain(server: BenchTestServer, orders: URL) async throws -> (Report, Drain) {
        let report = try await run(["--site", server.site, "--username", server.username, "--orders", orders.path],
                             password: server.password)
        guard let drain = report.drain else { throw BenchError("baseline.py reported no drain") }
        return (report, drain)
    }

    /// One run of a sync client of the script (`--sync KIND`): what it did, its time and its own CPU.
    struct SyncRun: Codable {
        var client: String
        var seconds: Double
        var cpuSeconds: Double
        var requests: Int
        var products: Int?
        var variations: Int?
        var orders: Int?
        var failures: Int?
    }

    /// Runs `--sync kind` against `server` (`orders`: the create bodies for a push).
    func sync(_ kind: String, server: BenchTestServer, orders: URL? = nil, requests: Int? = nil) async throws -> SyncRun {
        var arguments = ["--sync", kind, "--site", server.site, "--username", server.username]
        if let orders { arguments += ["--orders", orders.path] }
        if let requests { arguments += ["--requests", String(requests)] }
        let data = try await output(arguments, password: server.password)
        return try JSONDecoder().decode(SyncRun.self, from: data)
    }

    private func run(_ arguments: [String], password: String?) async throws -> Report {
        try JSONDecoder().decode(Report.self, from: try await output(arguments, password: password))
    }

    private func output(_ arguments: [String], password: String?) async throws -> Data {
        try await Executables.output(of: URL(fileURLWithPath: "/usr/bin/python3"), [script.path] + arguments,
                                     adding: password.map { ["POS_BENCH_PASSWORD": $0] } ?? [:])
    }

    /// Finds the script: the given path, else `scripts/bench/baseline.py` above the current directory or above
    /// the `pos-bench` executable (a checkout's `.build/…/pos-bench`).
    static func locate(_ path: String?) throws -> URL {
        if let path { return URL(fileURLWithPath: path) }
        let starts = [
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
            Executables.current,
        ]
        for start in starts {
            var directory = start
            for _ in 0..<8 {
                let candidate = directory.appendingPathComponent("scripts/bench/baseline.py")
                if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
                directory.deleteLastPathComponent()
            }
        }
        throw BenchError("scripts/bench/baseline.py not found; pass --baseline-script PATH or --skip-baseline")
    }
}
