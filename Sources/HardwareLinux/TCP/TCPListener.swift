import POSFoundation
import Dispatch
import Glibc
import Hardware
import Synchronization

/// A listening TCP socket that hands out each accepted connection as a ``ByteTransport``: the terminal side of
/// ZVT over TCP, for the simulator and the tests.
///
/// ```swift
/// let listener = TCPListener(port: 0)
/// let port = try listener.start()          // the port the kernel chose
/// let connection = try await listener.accept()
/// listener.close()                         // also wakes a pending accept, which throws `.closed`
/// ```
public final class TCPListener: Sendable {
    /// The address to bind.
    public let host: String
    /// The requested port (0 = any free port).
    public let port: UInt16

    private struct State {
        var listening: Int32 = -1
        /// A pipe whose read end wakes a blocked accept when the listener closes.
        var wake: (read: Int32, write: Int32) = (-1, -1)
        var boundPort: UInt16 = 0
        var closed = false
        /// Whether an accept is polling the descriptors right now.
        var accepting = false
        /// The task waiting in accept was cancelled.
        var cancelPending = false
    }

    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "pos.transport.tcp.listener")

    /// A listener for `host:port`; nothing is bound until ``start()``.
    public init(host: String = "127.0.0.1", port: UInt16) {
        self.host = host
        self.port = port
    }

    deinit { close() }

    /// "tcp://127.0.0.1:20007" once started.
    public var endpointDescription: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "tcp://\(shownHost):\(state.locked { $0.boundPort == 0 ? port : $0.boundPort })"
    }

    /// Binds and listens.
    ///
    /// - Returns: The bound port (the kernel's choice when `port` is 0).
    /// - Throws: ``TransportError``: `.busy` when the port is taken, `.invalidAddress` for a bad host.
    @discardableResult
    public func start() throws(TransportError) -> UInt16 {
        do {
            let (listening, bound) = try bindAndListen()
            let fds = try makeWakePipe()
            state.locked { state in
                state.listening = listening
                state.wake = fds
                state.boundPort = bound
                state.closed = false
            }
            return bound
        } catch let error as TransportError {
            throw error
        } catch let error as SystemCallError {
            throw error.transportError(endpoint: endpointDescription)
        } catch {
            throw TransportError(.ioFailure, endpoint: endpointDescription, underlying: "\(error)")
        }
    }

    /// Waits for the next connection.
    ///
    /// - Throws: ``TransportError`` `.closed` when the listener was closed (also while waiting), or when the
    ///   waiting task was cancelled (underlying "accept cancelled"; the listener stays open).
    public func accept() async throws(TransportError) -> any ByteTransport {
        let result: Result<TCPTransport, TransportError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                queue.async { continuation.resume(returning: self.blockingAccept()) }
            }
        } onCancel: {
            cancelAccept()
        }
        return try result.get()
    }

    /// Wakes the accept in progress (or the next one) with `.closed` ("accept cancelled"); the listener stays open.
    private func cancelAccept() {
        state.locked { state in
            guard !state.closed else { return }
            state.cancelPending = true
            if state.accepting {
                // A full pipe already holds a wake-up, so the result does not matter.
                var byte: UInt8 = 1
                _ = Glibc.write(state.wake.write, &byte, 1)
            }
        }
    }

    /// Stops listening and wakes a pending ``accept()``; safe to call twice.
    public func close() {
        state.locked { state in
            guard !state.closed else { return }
            state.closed = true
            if state.accepting {
                // The accept in progress wakes up, sees `closed` and releases the descriptors itself. A full
                // pipe already holds a wake-up, so the write's result does not matter.
                var byte: UInt8 = 1
                _ = Glibc.write(state.wake.write, &byte, 1)
            } else {
                Self.release(&state)
            }
        }
    }

    /// Closes the listening socket and the wake pipe (close(2) frees a descriptor even when it reports an error).
    private static func release(_ state: inout State) {
        for fd in [state.listening, state.wake.read, state.wake.write] where fd >= 0 { _ = Glibc.close(fd) }
        state.listening = -1
        state.wake = (-1, -1)
    }

    // MARK: - Private

    private func blockingAccept() -> Result<TCPTransport, TransportError> {
        let endpoint = endpointDescription
        let cancelled = TransportError(.closed, endpoint: endpoint, underlying: "accept cancelled")
        let descriptors: (listening: Int32, wake: Int32)?? = state.locked { state in
            guard !state.closed, state.listening >= 0 else { return .some(nil) }
            if state.cancelPending {
                state.cancelPending = false
                return nil
            }
            state.accepting = true
            return (state.listening, state.wake.read)
        }
        guard let descriptors else { return .failure(cancelled) }
        guard let (listening, wakeRead) = descriptors else {
            return .failure(TransportError(.closed, endpoint: endpoint, underlying: "the listener is closed"))
        }
        defer {
            state.locked { state in
                state.accepting = false
                if state.closed { Self.release(&state) }
            }
        }
        var entries = [pollfd(fd: listening, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        while true {
            do throws(SystemCallError) {
                try systemCall("poll") { poll(&entries, 2, -1) }
                if entries[1].revents != 0 || state.locked({ $0.closed }) {
                    let wasCancelled = state.locked { state in
                        guard !state.closed else { return false }
                        // Drain the wake-up so the next accept waits again.
                        var sink = [UInt8](repeating: 0, count: 16)
                        while Glibc.read(wakeRead, &sink, sink.count) > 0 {}
                        state.cancelPending = false
                        return true
                    }
                    if wasCancelled { return .failure(cancelled) }
                    return .failure(TransportError(.closed, endpoint: endpoint, underlying: "the listener is closed"))
                }
                let accepted = try systemCall("accept") { Glibc.accept(listening, nil, nil) }
                do throws(SystemCallError) {
                    try setDescriptorFlags(accepted, nonBlocking: true)
                } catch {
                    _ = Glibc.close(accepted)
                    throw error
                }
                var one: Int32 = 1
                try systemCall("setsockopt(TCP_NODELAY)") {
                    setsockopt(accepted, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                }
                return .success(TCPTransport(connected: accepted, endpoint: endpoint + " (accepted)"))
            } catch where error.code == EAGAIN || error.code == ECONNABORTED {
                continue
            } catch {
                return .failure(error.transportError(endpoint: endpoint))
            }
        }
    }

    private func bindAndListen() throws -> (Int32, UInt16) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV | AI_PASSIVE | AI_NUMERICHOST
        var result: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &result)
        guard status == 0, let info = result else {
            throw TransportError(.invalidAddress, endpoint: endpointDescription, underlying: "getaddrinfo: " + String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(info) }
        let raw = try systemCall("socket") {
            socket(info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), info.pointee.ai_protocol)
        }
        let descriptor = FileDescriptor(raw, isSocket: true)
        // Non-blocking, so an accept after poll never hangs when the client gave up in between (EAGAIN).
        try setDescriptorFlags(raw, nonBlocking: true)
        var one: Int32 = 1
        try systemCall("setsockopt(SO_REUSEADDR)") { setsockopt(raw, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size)) }
        try systemCall("bind") { bind(raw, info.pointee.ai_addr, info.pointee.ai_addrlen) }
        try systemCall("listen") { listen(raw, 8) }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        try systemCall("getsockname") {
            withUnsafeMutablePointer(to: &storage) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(raw, $0, &length) }
            }
        }
        // The bound port through getnameinfo rather than sockaddr_in(6)'s fields: in a release build clang credits
        // <netinet/in.h>'s structs to CCups (the CUPS headers include it), and MemberImportVisibility would then ask
        // this socket code to import CUPS.
        var service = [CChar](repeating: 0, count: 32)
        let named = withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                getnameinfo(address, length, nil, 0, &service, socklen_t(service.count), NI_NUMERICSERV)
            }
        }
        guard named == 0, let bound = UInt16(String(decoding: service.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        else {
            throw TransportError(.ioFailure, endpoint: endpointDescription, underlying: "getnameinfo: " + String(cString: gai_strerror(named)))
        }
        let owned = descriptor.rawValue
        descriptor.release()
        return (owned, bound)
    }
}
