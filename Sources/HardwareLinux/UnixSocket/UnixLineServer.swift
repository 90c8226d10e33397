import POSFoundation
import Foundation
import Glibc
import Hardware
import Synchronization

/// Serves lines of text to every process that connects to a Unix socket: the latest line at once, then each new
/// one. The counter serves its customer display this way (`pos display` connects); it only writes, and what it
/// writes must hold nothing secret.
///
/// The socket is created mode 0600 in a directory the user owns (the data directory), so only the same user's
/// processes connect. A socket left by a crashed process is replaced; one a running process still serves is not
/// (``start()`` throws `.busy`). A client that cannot keep up (its buffer full) or that left is dropped.
///
/// ```swift
/// let server = UnixLineServer(path: dataDirectory.appendingPathComponent("customer-display.sock").path)
/// try server.start()
/// server.publish(#"{"phase":"idle"}"#)
/// server.stop()
/// ```
public final class UnixLineServer: Sendable {
    /// The socket's path.
    public let path: String

    private struct State {
        var listener: Int32 = -1
        var clients: [Int32] = []
        var latest: [UInt8]?
        var stopped = false
    }

    private let state = Mutex(State())

    public init(path: String) {
        self.path = path
    }

    deinit { stop() }

    /// Binds the socket and starts accepting clients on a thread of its own.
    ///
    /// - Throws: ``TransportError``: `.busy` when another process serves the path, `.invalidAddress` when the
    ///   path is too long for a Unix socket (108 bytes), else what the system said.
    public func start() throws(TransportError) {
        if UnixSocketAddress.isServed(path) {
            throw TransportError(.busy, endpoint: path, underlying: "another process serves this socket")
        }
        unlink(path)
        let fd: Int32
        do throws(SystemCallError) {
            fd = try systemCall("socket") { socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0) }
        } catch { throw error.transportError(endpoint: path) }
        do {
            _ = try UnixSocketAddress.with(path) { address, length throws(SystemCallError) in
                try systemCall("bind") { bind(fd, address, length) }
            }
            try systemCall("chmod") { chmod(path, 0o600) }
            try systemCall("listen") { listen(fd, 8) }
        } catch let error as SystemCallError {
            close(fd)
            throw error.transportError(endpoint: path)
        } catch {
            close(fd)
            throw error as? TransportError ?? TransportError(.ioFailure, endpoint: path)
        }
        state.locked { $0.listener = fd }
        let thread = Thread { [weak self] in self?.acceptLoop(fd) }
        thread.name = "pos.unix-line-server"
        thread.start()
    }

    /// Sends a line (a newline is added) to every client, and keeps it for the ones that connect later.
    public func publish(_ line: String) {
        let bytes = Array(line.utf8) + [0x0A]
        state.locked { state in
            guard !state.stopped else { return }
            state.latest = bytes
            state.clients = state.clients.filter { Self.send(bytes, to: $0) }
        }
    }

    /// The number of clients connected (after the last publish dropped the ones that left).
    public var clientCount: Int { state.locked { $0.clients.count } }

    /// Stops accepting, disconnects every client and removes the socket.
    public func stop() {
        let (listener, clients) = state.locked { state -> (Int32, [Int32]) in
            guard !state.stopped else { return (-1, []) }
            state.stopped = true
            defer { state.clients = []; state.listener = -1 }
            return (state.listener, state.clients)
        }
        guard listener >= 0 else { return }
        unlink(path)
        shutdown(listener, Int32(SHUT_RDWR))
        for client in clients {
            shutdown(client, Int32(SHUT_RDWR))
            close(client)
        }
    }

    private func acceptLoop(_ listener: Int32) {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                break
            }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            let kept = state.locked { state -> Bool in
                guard !state.stopped else { return false }
                if let latest = state.latest, !Self.send(latest, to: client) { return false }
                state.clients.append(client)
                return true
            }
            if !kept { close(client) }
        }
        close(listener)
    }

    /// Writes a whole line without blocking; `false` (and the client closed) when it cannot.
    private static func send(_ bytes: [UInt8], to client: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { raw in
                Glibc.send(client, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else {
                close(client)
                return false
            }
            offset += sent
        }
        return true
    }
}

/// Connects to a ``UnixLineServer`` and reads its lines.
public enum UnixLineClient {
    /// The lines the server at `path` sends, until it stops (the stream then finishes) or the stream is dropped.
    ///
    /// - Throws: ``TransportError``: `.notFound` when nothing serves the path.
    public static func lines(from path: String) throws(TransportError) -> AsyncStream<String> {
        let fd: Int32
        do {
            fd = try systemCall("socket") { socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0) }
            _ = try UnixSocketAddress.with(path) { address, length throws(SystemCallError) -> Int32 in
                do throws(SystemCallError) {
                    return try systemCall("connect") { connect(fd, address, length) }
                } catch {
                    close(fd)
                    throw error
                }
            }
        } catch let error as SystemCallError {
            throw error.code == ENOENT ? TransportError(.notFound, endpoint: path, underlying: "nothing serves it")
                : error.transportError(endpoint: path)
        } catch {
            throw error as? TransportError ?? TransportError(.ioFailure, endpoint: path)
        }
        return AsyncStream { continuation in
            let thread = Thread {
                var pending: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 4096)
                while true {
                    let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { break }
                    pending += buffer[0..<count]
                    while let newline = pending.firstIndex(of: 0x0A) {
                        continuation.yield(String(decoding: pending[..<newline], as: UTF8.self))
                        pending.removeSubrange(...newline)
                    }
                }
                // Finished first: the stream's termination handler shuts the socket down, which it must do
                // before the descriptor is closed (and its number perhaps reused).
                continuation.finish()
                close(fd)
            }
            thread.name = "pos.unix-line-client"
            continuation.onTermination = { _ in shutdown(fd, Int32(SHUT_RDWR)) }
            thread.start()
        }
    }
}

/// `sockaddr_un` for a path.
enum UnixSocketAddress {
    /// Runs `body` with the address of `path`.
    ///
    /// - Throws: ``TransportError`` `.invalidAddress` when the path does not fit (108 bytes with its NUL), or
    ///   what `body` throws.
    static func with<T>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) throws(SystemCallError) -> T) throws -> T {
        // Built as bytes (the family, then the path at its offset) rather than through `sockaddr_un()` and its
        // `sun_family`/`sun_path`: in a whole-module release build the Clang importer credits `sockaddr_un` to
        // CCups (whose CUPS headers include <sys/un.h> first), and MemberImportVisibility then refuses its
        // initializer and members in this file.
        let size = MemoryLayout<sockaddr_un>.size
        let pathOffset = MemoryLayout<sa_family_t>.size
        let bytes = Array(path.utf8)
        let capacity = size - pathOffset
        guard bytes.count < capacity else {
            throw TransportError(.invalidAddress, endpoint: path,
                                 underlying: "a Unix socket path is at most \(capacity - 1) bytes; use a shorter data directory")
        }
        return try withUnsafeTemporaryAllocation(byteCount: size, alignment: MemoryLayout<sockaddr_un>.alignment) { raw in
            raw.initializeMemory(as: UInt8.self, repeating: 0)
            raw.storeBytes(of: sa_family_t(AF_UNIX), as: sa_family_t.self)
            UnsafeMutableRawBufferPointer(rebasing: raw[pathOffset..<pathOffset + bytes.count]).copyBytes(from: bytes)
            let address = UnsafePointer(raw.baseAddress!.bindMemory(to: sockaddr.self, capacity: 1))
            return try body(address, socklen_t(size))
        }
    }

    /// Whether a process accepts connections on `path` now.
    static func isServed(_ path: String) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return (try? with(path) { address, length throws(SystemCallError) in connect(fd, address, length) == 0 }) ?? false
    }
}
