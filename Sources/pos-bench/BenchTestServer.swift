import Foundation
import Yosemite
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `woo-test-server` executable (built next to `pos-bench`) on loopback, in its own process: pos-bench does not link the
/// test server (the module graph keeps it out of the product), so the benchmark drives it as any client would.
@MainActor
final class BenchTestServer {
    let process = Process()
    /// `http://127.0.0.1:PORT`.
    let site: String
    let username = "bench"
    /// A fresh password per run, passed to the server on its command line and to the baseline in its environment.
    let password = "bench " + UUID().uuidString.prefix(8).lowercased()

    /// Starts the server with the demo catalog and a manager account (and `extraArguments`, such as
    /// `--store-costs`), and waits for its `listening on` line.
    init(executable: URL, extraArguments: [String] = []) throws {
        process.executableURL = executable
        process.arguments = ["--port", "0", "--seed", "demo", "--user", "\(username):\(password):shop_manager"]
            + extraArguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw BenchError("woo-test-server exited before it listened") }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: "http://") else { throw BenchError("woo-test-server said: \(text)") }
        site = String(text[range.lowerBound...].prefix { !$0.isWhitespace }).trimmingCharacters(in: ["/"])
    }

    /// Stops the server (the suite calls it when it is done).
    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// How many REST requests the server has handled (its request log; control endpoints are not logged).
    func requestCount() async throws -> Int {
        var request = URLRequest(url: URL(string: site + "/__test/mode")!)
        request.httpMethod = "POST"
        request.httpBody = Data("{}".utf8)
        let (data, _) = try await URLSession.shared.data(for: request)
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let count = object["request_count"] as? Int
        else { throw BenchError("the test server did not report its request count") }
        return count
    }

    /// The store CPU the server's ledger has charged so far under `--store-costs`, in seconds (`GET /__test/costs`).
    func chargedCPUSeconds() async throws -> Double {
        let (data, _) = try await URLSession.shared.data(from: URL(string: site + "/__test/costs")!)
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let milliseconds = (object["server_cpu_ms"] as? NSNumber)?.doubleValue
        else { throw BenchError("the test server did not report its costs") }
        return milliseconds / 1_000
    }

    /// The server process's user + system CPU so far, in seconds (`/proc/PID/stat`).
    func processCPUSeconds() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return 0 }
        // After the command name: state is field 3, utime 14 and stime 15.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Asks for the POS catalog file (`POST wc/pos/v1/catalog/create`, as a register does).
    func askForCatalogFile() async throws {
        var request = URLRequest(url: URL(string: site + "/wp-json/wc/pos/v1/catalog/create")!)
        request.httpMethod = "POST"
        request.setValue("Basic " + Data("\(username):\(password)".utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let body: [String: Any] = [
            "force": true, "_product_fields": CatalogSyncConfiguration.productFields.joined(separator: ","),
            "_variation_fields": CatalogSyncConfiguration.variationFields.joined(separator: ","),
        ]
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        let (_, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw BenchError("catalog/create failed") }
    }

    /// Waits until the catalog file is completed, asking the control endpoint every 100 ms (another process: no
    /// event to await).
    func waitForCatalogFile() async throws {
        while true {
            var request = URLRequest(url: URL(string: site + "/__test/catalog")!)
            request.httpMethod = "POST"
            request.httpBody = Data("{}".utf8)
            let (data, _) = try await URLSession.shared.data(for: request)
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            if (object?["feed"] as? [String: Any])?["state"] as? String == "completed" { return }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    /// The server's state: every order with its meta data (`GET /__test/state`).
    func state() async throws -> [String: Any] {
        let (data, _) = try await URLSession.shared.data(from: URL(string: site + "/__test/state")!)
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw BenchError("the test server did not report its state")
        }
        return object
    }

    /// Finds `woo-test-server` next to the running `pos-bench`, unless a path is given.
    static func locate(_ path: String?) throws -> URL {
        if let path { return URL(fileURLWithPath: path) }
        let here = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]))
            .resolvingSymlinksInPath().deletingLastPathComponent()
        let candidate = here.appendingPathComponent("woo-test-server")
        guard FileManager.default.isExecutableFile(atPath: candidate.path) else {
            throw BenchError("""
                no woo-test-server next to pos-bench (\(candidate.path)); build it with \
                `swift build -c release --product woo-test-server` or pass --woo-test-server PATH
                """)
        }
        return candidate
    }
}
