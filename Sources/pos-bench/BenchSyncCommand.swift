import ArgumentParser
import Foundation

/// `pos-bench sync`: only the sync section of `pos-bench all` (pull and push against the store-like server).
struct BenchSyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Benchmark pull and push against woo-test-server with a real store's costs, beside Python clients.",
        discussion: """
            Starts woo-test-server --store-costs with generated products, then times a full catalog pull and the \
            push of cash sales by pos, by the naive client and by the best client (scripts/bench/baseline.py), \
            and the client CPU per request of pos, URLSession and Python. Build in release mode first.
            """
    )

    @Option(help: "Products on the store (default 10000).")
    var products = 10_000

    @Option(help: "Sales each client pushes (default 300).")
    var orders = 300

    @Option(help: "Page GETs for the CPU per request (default 40).")
    var cpuRequests = 40

    @Flag(help: "Print JSON.")
    var json = false

    @Flag(help: "Do not run the Python clients.")
    var skipBaseline = false

    @Option(help: "The woo-test-server executable (default: next to pos).")
    var wooTestServer: String?

    @Option(help: "The baseline script (default: scripts/bench/baseline.py above the current directory or pos).")
    var baselineScript: String?

    func validate() throws {
        guard products >= 100, orders > 0, cpuRequests > 0 else {
            throw ValidationError("--products must be at least 100; --orders and --cpu-requests positive")
        }
    }

    @MainActor
    func run() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("pos-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: scratch.path)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let result = try await SyncBenchmark(
            testServer: try BenchTestServer.locate(wooTestServer),
            python: skipBaseline ? nil : PythonBaseline(script: try PythonBaseline.locate(baselineScript)),
            directory: scratch, products: products, orders: orders, cpuRequests: cpuRequests,
            progress: { FileHandle.standardError.write(Data("bench: \($0)\n".utf8)) }
        ).run()
        if json {
            try Console.json(result)
        } else {
            var text = "| measure | pos | python clients |\n|---|---|---|\n"
            for (name, pos, python) in result.rows { text += "| \(name) | \(pos) | \(python) |\n" }
            Console.out(text)
        }
    }
}
