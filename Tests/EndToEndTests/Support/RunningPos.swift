import Foundation
import Testing

/// A `pos` process left running (a terminal simulator, a server), whose standard output a test reads line by
/// line as it arrives.
final class RunningPos {
    private let child: TestProcess
    private var iterator: AsyncStream<String>.Iterator

    init(_ arguments: [String], environment: [String: String] = [:]) async throws {
        child = try await TestProcess.start(PosProcess.executable.path, arguments,
                                            environment: PosProcess.environment(adding: environment), stderr: .null)
        iterator = child.stdoutLines().makeAsyncIterator()
    }

    /// The process id, for tests that signal it.
    var pid: pid_t { child.pid }

    /// The next output line that contains `text`; `nil` if the process ended first.
    func line(containing text: String) async -> String? {
        while let line = await iterator.next() {
            if line.contains(text) { return line }
        }
        return nil
    }

    /// Sends SIGTERM; swift-subprocess reaps the child.
    func terminate() {
        child.signal(SIGTERM)
    }

    /// Waits for the process to exit and returns its status.
    func waitForExit() async -> Int32 { await child.waitForExit() }

    /// A ZVT terminal simulator (`pos terminal-sim --zvt`) on a loopback port the kernel picks when it binds, and
    /// the reader address that reaches it. The port comes from the simulator's "listening on" line; a port found
    /// free beforehand could be taken by any connection opened in between (a full `swift test` opens thousands),
    /// and the simulator then exited before listening.
    static func zvtSimulator(_ arguments: [String] = []) async throws -> (simulator: RunningPos, reader: String) {
        let simulator = try await RunningPos(["terminal-sim", "--zvt", "tcp://127.0.0.1:0"] + arguments)
        let line = try #require(await simulator.line(containing: "listening on tcp://"),
                                "the terminal simulator exited before it listened")
        let port = try #require(line.split(separator: ":").last.flatMap { UInt16($0) }, "no port in: \(line)")
        return (simulator, "zvt+tcp://127.0.0.1:\(port)")
    }
}

/// A TCP port that was free a moment ago, for a child process to listen on.
func freeLoopbackPort() throws -> UInt16 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EMFILE) }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Int32 in
            guard bind(fd, pointer, length) == 0 else { return -1 }
            return getsockname(fd, pointer, &length)
        }
    }
    guard bound == 0 else { throw POSIXError(.EADDRINUSE) }
    return UInt16(bigEndian: address.sin_port)
}
