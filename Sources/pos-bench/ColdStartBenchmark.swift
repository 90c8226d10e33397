import Foundation
import Subprocess
import SystemPackage

/// Cold start to ready: a fresh `pos status --json` process on the benchmark's data directory (100,000
/// products), timed from spawn to exit. It opens the database, runs the migration check, loads the account,
/// settings and outbox counts, prints, and exits: the work before a counter can take its first scan.
struct ColdStartBenchmark {
    /// The `pos` executable (next to pos-bench).
    let pos: URL
    let dataDirectory: URL
    let runs: Int

    struct Result: Encodable {
        var command: String
        var runs: Int
        var milliseconds: BenchCatalogResult.Latency
    }

    func run() async throws -> Result {
        var times: [Duration] = []
        let clock = ContinuousClock()
        for _ in 0..<runs {
            let start = clock.now
            let result = try await Subprocess.run(
                .path(FilePath(pos.path)), arguments: ["status", "--json", "--data-dir", dataDirectory.path],
                output: .discarded, error: .discarded)
            times.append(start.duration(to: clock.now))
            guard result.terminationStatus.isSuccess else {
                throw BenchError("pos status ended with \(result.terminationStatus)")
            }
        }
        return Result(command: "pos status --json (spawn to exit)", runs: runs, milliseconds: .init(times))
    }
}
