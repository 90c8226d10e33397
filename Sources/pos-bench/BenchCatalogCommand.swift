import ArgumentParser
import Foundation
import POSFoundation
import Storage
import Yosemite

/// `pos-bench catalog`: ingest a generated catalog through the sync's write path, then time lookups and searches.
struct BenchCatalogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Benchmark catalog ingest, barcode lookup and search on a generated catalog.",
        discussion: """
            Generates a deterministic catalog (every 20th product variable with 3 variations), decodes it page by \
            page from REST JSON and stores it with the same code as `pos catalog sync` (a write pipeline: large \
            transactions while the next pages are decoded) \
            into a fresh database in a scratch directory, then runs barcode lookups and search-as-you-type queries.
            """
    )

    @Option(help: "How many products to generate.")
    var products = 100_000

    @Option(help: "Lookups and searches to time.")
    var queries = 1_000

    @Option(help: "Where to put the scratch database (default: a new temporary directory, removed afterwards).")
    var directory: String?

    @Option(help: "Pages decoded at a time while the writer stores (the sync's requests in flight).")
    var decoders = 2

    @Flag(help: "Print JSON.")
    var json = false

    @Flag(help: "Also ingest the same pages with scripts/bench/baseline.py (Python json + sqlite3), after pos, and print the ratio.")
    var pythonBaseline = false

    @Option(help: "The baseline script (default: scripts/bench/baseline.py above the current directory or pos-bench).")
    var baselineScript: String?

    func validate() throws {
        guard products > 0, queries > 0, decoders > 0 else {
            throw ValidationError("--products, --queries and --decoders must be positive")
        }
    }

    func run() async throws {
        let scratch =
            directory.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("pos-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { if directory == nil { try? FileManager.default.removeItem(at: scratch) } }
        let path = scratch.appendingPathComponent("pos.sqlite").path
        let database = try AppDatabase.openOnDisk(at: path, dates: .live)
        let benchmark = CatalogBenchmark(
            generator: BenchCatalogGenerator(productCount: products), database: database, databasePath: path,
            queries: queries, decoders: decoders)
        let result = try await benchmark.run { stored in
            if !json { FileHandle.standardError.write(Data("\rstored \(stored) products".utf8)) }
        }
        if json {
            try Console.json(result)
        } else {
            FileHandle.standardError.write(Data("\n".utf8))
            Console.out(result.summary)
        }
        guard pythonBaseline else { return }
        // The same pages, byte for byte, as files for the script; the script's clock covers its ingest only.
        let python = PythonBaseline(script: try PythonBaseline.locate(baselineScript))
        let pages = scratch.appendingPathComponent("pages")
        try PythonBaseline.writePages(of: BenchCatalogGenerator(productCount: products), to: pages)
        let ingest = try await python.ingest(pages: pages, database: scratch.appendingPathComponent("baseline.sqlite"))
        Console.out(String(
            format: "Python baseline ingest: %d products + %d variations in %.1f s (%.0f products/s); pos / Python %.2f×",
            ingest.products, ingest.variations, ingest.seconds, ingest.productsPerSecond,
            result.productsPerSecond / max(ingest.productsPerSecond, 1e-9)))
    }
}
