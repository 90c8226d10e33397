import Foundation
import Subprocess
import SystemPackage

/// The executables pos-bench runs: itself (a client in a process of its own), and `pos` and `woo-test-server`
/// built next to it.
enum Executables {
    /// This process's executable, symbolic links resolved.
    static var current: URL {
        (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).resolvingSymlinksInPath()
    }

    /// `path` if given, else `name` next to pos-bench; `hint` says how to build it.
    static func locate(_ name: String, _ path: String?, hint: String) throws -> URL {
        if let path { return URL(fileURLWithPath: path) }
        let candidate = current.deletingLastPathComponent().appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: candidate.path) else {
            throw BenchError("no \(name) next to pos-bench (\(candidate.path)); \(hint)")
        }
        return candidate
    }

    /// Runs `executable` to its end with `environment` added to this process's, and returns its standard output;
    /// throws when it exits other than with 0. Standard input is /dev/null, standard error passes through.
    static func output(of executable: URL, _ arguments: [String], adding environment: [String: String] = [:],
                       limit: Int = 64 << 20) async throws -> Data {
        let result = try await Subprocess.run(
            .path(FilePath(executable.path)), arguments: Arguments(arguments),
            environment: .inherit.updating(Dictionary(uniqueKeysWithValues: environment.map {
                (Environment.Key(stringLiteral: $0.key), Optional($0.value))
            })),
            output: .data(limit: limit), error: .currentStandardError)
        guard result.terminationStatus.isSuccess else {
            throw BenchError("\(executable.lastPathComponent) \(arguments.first ?? "") ended with \(result.terminationStatus)")
        }
        return result.standardOutput
    }
}
