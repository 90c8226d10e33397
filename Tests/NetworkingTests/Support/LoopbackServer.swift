import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A tiny TCP server on 127.0.0.1 for driving the live HTTPClientNetwork in tests.
///
/// For each connection it reads once (the request head, or a TLS ClientHello) and asks `handler` what to
/// send back: bytes (sent, then the connection is closed) or nil (the connection is held open and silent).
final class LoopbackServer: Sendable {
    let port: UInt16
    private let listener: Int32
    private let state = Mutex(State())
    private let handler: @Sendable (String) -> Data?

    private struct State {
        var heads: [String] = []
        var held: [Int32] = []
        var stopped = false
    }

    /// The request heads received so far (the first read of each connection).
    var receivedHeads: [String] { state.withLock { $0.heads } }

    init(handler: @escaping @Sendable (String) -> Data?) throws {
        self.handler = handler
        let (fd, port) = try LoopbackServer.openListener()
        listener = fd
        self.port = port
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    /// Closes the listener and every held connection.
    func stop() {
        let held: [Int32]? = state.withLock { state in
            guard !state.stopped else { return nil }
            state.stopped = true
            return state.held
        }
        guard let held else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for fd in held { close(fd) }
    }

    /// A port nothing listens on: bound, read, then closed.
    static func closedPort() throws -> UInt16 {
        let (fd, port) = try openListener()
        close(fd)
        return port
    }

    /// An HTTP/1.1 answer with a body; the connection closes after it.
    static func http(status: Int, reason: String = "OK", headers: [String: String] = [:], body: String) -> Data {
        var head = "HTTP/1.1 \(status) \(reason)\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        return Data((head + "\r\n" + body).utf8)
    }

    // MARK: - Private

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if state.withLock({ $0.stopped }) { return }
                if errno == EINTR { continue }
                return
            }
            var buffer = [UInt8](repeating: 0, count: 65_536)
            let count = recv(connection, &buffer, buffer.count, 0)
            let head = count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : ""
            state.withLock { $0.heads.append(head) }
            guard let reply = handler(head) else {
                state.withLock { $0.held.append(connection) }
                continue
            }
            reply.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let sent = send(connection, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                    if sent <= 0 { break }
                    offset += sent
                }
            }
            shutdown(connection, Int32(SHUT_WR))
            close(connection)
        }
    }

    private static func openListener() throws -> (Int32, UInt16) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, UInt16(bigEndian: address.sin_port))
    }
}
