import ArgumentParser
import Foundation

/// `pos-bench all` (also plain `pos-bench`): the one benchmark suite, with the Python baseline.
struct BenchAllCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "all",
        abstract: "Run every benchmark on generated data, with a Python baseline; print a table or JSON.",
        discussion: """
            Measures catalog ingest, barcode lookup and search, scan-to-cart, order commit, outbox drain \
            (batched and one per request) against woo-test-server on loopback, the sync section (pull and push \
            against woo-test-server --store-costs beside the naive and the best Python clients, client CPU per \
            request), receipt rendering, the ZVT codec \
            and state machine against the wire time at 9600 baud, cold start, and peak RSS. In the same run \
            scripts/bench/baseline.py (/usr/bin/python3, stdlib only) ingests the same catalog pages and drains \
            the same orders one per request. Build in release mode first: \
            swift build -c release --product pos-bench && swift build -c release --product pos \
            && swift build -c release --product woo-test-server.
            """
    )

    @Option(help: "How many products to generate (default 100000; 2000 with --quick).")
    var products: Int?

    @Flag(help: "Small sizes, for a smoke test.")
    var quick = false

    @Flag(help: "Print JSON.")
    var json = false

    @Flag(help: "Do not run the Python baseline.")
    var skipBaseline = false

    @Option(help: "The woo-test-server executable (default: next to pos-bench).")
    var wooTestServer: String?

    @Option(help: "The pos executable whose cold start is timed (default: next to pos-bench).")
    var pos: String?

    @Option(help: "The baseline script (default: scripts/bench/baseline.py above the current directory or pos-bench).")
    var baselineScript: String?

    @Option(help: "Where to put the scratch data (default: a new temporary directory, removed afterwards).")
    var directory: String?

    func validate() throws {
        if let products, products < 100 { throw ValidationError("--products must be at least 100") }
    }

    @MainActor
    func run() async throws {
        let count = products ?? (quick ? 2_000 : 100_000)
        let scratch = directory.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("pos-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { if directory == nil { try? FileManager.default.removeItem(at: scratch) } }
        let suite = BenchSuite(
            sizes: quick ? .quick(products: count) : .full(products: count), quick: quick, scratch: scratch,
            testServer: try BenchTestServer.locate(wooTestServer),
            pos: try Executables.locate("pos", pos, hint: "build it with `swift build -c release --product pos` or pass --pos PATH"),
            baselineScript: skipBaseline ? nil : try PythonBaseline.locate(baselineScript),
            progress: { FileHandle.standardError.write(Data("bench: \($0)\n".utf8)) })
        let result = try await suite.run()
        if json { try Console.json(result) } else { Console.out(result.table) }
    }
}
