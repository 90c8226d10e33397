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
            pos and the best client alternating who goes first; the store CPU each client made the server spend \
            (per request kind, as a real store's was measured) per product and per order; and the client CPU per \
            request of pos, URLSession and Python. Build in release mode first.
            """
    )

    @Option(help: "Products on the store (default 10000).")
    var products = 10_000

    @Option(help: "Sales each client pushes (default 300).")
    var orders = 300

    @Option(help: "Page GETs for the CPU per request (default 40).")
    var cpuRequests = 40

    @Option(help: "Rounds of pull and push, pos and the best client alternating who goes first (default 2).")
    var rounds = 2

    @Option(help: "Registers whose first syncs are compared, pages against the POS catalog file (default 3; 0: skip).")
    var registers = 3

    @Flag(help: "Print JSON.")
    var json = false

    @Flag(help: "Do not run the Python clients.")
    var skipBaseline = false

    @Option(help: "The woo-test-server executable (default: next to pos).")
    var wooTestServer: String?

    @Option(help: "The baseline script (default: scripts/bench/baseline.py above the current directory or pos).")
    var baselineScript: String?

    struct Output: Encodable {
        var sync: SyncBenchmark.Result
        var registers: SyncRegistersBenchmark.Result?
    }

    func validate() throws {
        guard products >= 100, orders > 0, cpuRequests > 0, rounds > 0, registers >= 0 else {
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
            directory: scratch, products: products, orders: orders, cpuRequests: cpuRequests, rounds: rounds,
            progress: { FileHandle.standardError.write(Data("bench: \($0)\n".utf8)) }
        ).run()
        var registersResult: SyncRegistersBenchmark.Result?
        if registers > 0 {
            registersResult = try await SyncRegistersBenchmark(
                testServer: try BenchTestServer.locate(wooTestServer), directory: scratch, products: products,
                registers: registers, progress: { FileHandle.standardError.write(Data("bench: \($0)\n".utf8)) }
            ).run()
        }
        if json {
            try Console.json(Output(sync: result, registers: registersResult))
        } else {
            var text = "| measure | pos | python clients |\n|---|---|---|\n"
            for (name, pos, python) in result.rows { text += "| \(name) | \(pos) | \(python) |\n" }
            if let registersResult {
                text += "\n| measure | pages | catalog file |\n|---|---|---|\n"
                for (name, pages, file) in registersResult.rows { text += "| \(name) | \(pages) | \(file) |\n" }
            }
            Console.out(text)
        }
    }
}
