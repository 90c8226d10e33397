import Glibc
import Hardware

/// A ``ByteTransport`` over TCP: ZVT terminals on the LAN (bare APDUs, port 20007 by default).
///
/// Connects without blocking and gives up after `connectTimeout`; sets `TCP_NODELAY` because ZVT exchanges
/// are small request/answer frames. All socket calls run on the transport's own queue.
///
/// Errors: refused or unreachable → `.notFound`, connect timeout → `.timedOut`, peer closed → `.closed`,
/// reset or broken pipe → `.deviceGone`.
public actor TCPTransport: ByteTransport {
    private let executor: DispatchQueueExecutor
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// The host name or address.
    public nonisolated let host: String
    /// The TCP port.
    public nonisolated let port: UInt16
    /// How long ``open()`` waits for the connection.
    public nonisolated let connectTimeout: Duration
    /// How long a write may wait for the socket to drain.
    public nonisolated let writeTimeout: Duration
    public nonisolated let endpointDescription: String

    private var socket: FileDescriptor?

    /// A client transport to `host:port`; nothing happens until ``open()``.
    public init(host: String, port: UInt16, connectTimeout: Duration = .seconds(5), writeTimeout: Duration = .seconds(5)) {
        self.host = host
        self.port = port
        self.connectTimeout = connectTimeout
        self.writeTimeout = writeTimeout
        let printableHost = host.contains(":") ? "[\(host)]" : host
        endpointDescription = "tcp://\(printableHost):\(port)"
        executor = DispatchQueueExecutor(label: "pos.transport.tcp")
    }

    /// A transport over a socket that is already connected (one the ``TCPListener`` accepted).
    init(connected descriptor: Int32, endpoint: String) {
        host = ""
        port = 0
        connectTimeout = .zero
        writeTimeout = .seconds(5)
        endpointDescription = endpoint
        executor = DispatchQueueExecutor(label: "pos.transport.tcp.accepted")
        socket = FileDescriptor(descriptor, isSocket: true)
    }

    public func open() async throws(TransportError) {
        guard socket == nil else { return }
        do {
            socket = try connect()
        } catch let error as SystemCallError {
            throw error.transportError(endpoint: endpointDescription)
        } catch let error as TransportError {
            throw error
        } catch {
            throw TransportError(.ioFailure, endpoint: endpointDescription, underlying: "\(error)")
        }
    }

    public func write(_ bytes: [UInt8]) async throws(TransportError) {
        try writeAllBytes(bytes)
    }

    public func read(maxLength: Int, timeout: Duration) async throws(TransportError) -> [UInt8] {
        try await readInSlices(maxLength: maxLength, timeout: timeout)
    }

    public func close() async {
        closeDescriptor()
    }

    // MARK: - DescriptorTransport

    func openDescriptor() throws(TransportError) -> FileDescriptor {
        guard let socket, socket.isOpen else {
            throw TransportError(.closed, endpoint: endpointDescription, underlying: "not open")
        }
        return socket
    }

    func closeDescriptor() {
        socket?.close()
        socket = nil
    }

    func endOfFileError() -> TransportError {
        TransportError(.closed, endpoint: endpointDescription, underlying: "the peer closed the connection")
    }
}

extension TCPTransport: DescriptorTransport {}
