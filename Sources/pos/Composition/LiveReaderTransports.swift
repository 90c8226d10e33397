import Hardware

/// The composition seam between the reader commands and the live transports of HardwareLinux.
///
/// Until the live transports are merged into this build, every address fails with a clear error. Once they are,
/// `transport(for:)` maps `.tcp` to `TCPTransport(host:port:connectTimeout:)` and `.serial` to
/// `TTYTransport(path:settings:)` (`.zvt` or `.concert` settings), and `listen(host:port:)` wraps `TCPListener`.
enum LiveReaderTransports {
    /// The transport for a reader address.
    static func transport(for address: ReaderAddress) throws -> any ByteTransport {
        throw TransportError(.notFound, endpoint: address.description, underlying: "no live transports in this build")
    }

    /// Accepts connections on a TCP port and hands each to `serve`, until cancelled.
    static func listen(
        host: String, port: UInt16, announce: (UInt16) -> Void, serve: @escaping @Sendable (any ByteTransport) async -> Void
    ) async throws {
        throw TransportError(.notFound, endpoint: "tcp://\(host):\(port)", underlying: "no live transports in this build")
    }

    /// Opens a pseudo-terminal pair, links its secondary end at `link`, and returns the primary end.
    static func pseudoTerminal(linkedAt link: String) async throws -> any ByteTransport {
        throw TransportError(.notFound, endpoint: link, underlying: "no live transports in this build")
    }
}
