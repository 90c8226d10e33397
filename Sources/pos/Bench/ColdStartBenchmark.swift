import Foundation

/// Cold start to ready: a fresh `pos status --json` process on the benchmark's data directory (100,000
/// products), timed from spawn to exit. It opens the database, runs the migration check, loads the account,
/// settings and outbox counts, prints, and exits: the work before a counter can take its first scan.
struct ColdStartBenchmark {
    let dataDirectory: URL
    let runs: Int

    struct Result: Encodable {
        var command: String
        var runs: Int
        var milliseconds: BenchCatalogResult.Latency
    }

    func run() throws -> Result {
        let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        var times: [Duration] = []
        let clock = ContinuousClock()
        for _ in 0..<runs {
            let process = Process()
            process.executableURL = executable
            process.arguments = ["status", "--json", "--data-dir", dataDirectory.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            let start = clock.now
            try process.run()
            process.waitUntilExit()
            times.append(start.duration(to: clock.now))
            guard process.terminationStatus == 0 else {
                throw BenchError("pos status exited with status \(process.terminationStatus)")
            }
        }
        return Result(command: "pos status --json (spawn to exit)", runs: runs, milliseconds: .init(times))
    }
}
