import Hardware
import HardwareLinux
import Testing

@Suite struct TCPTransportTests {
    /// Every byte value, so 0x00, 0xFF and the ZVT/Concert control bytes all travel.
    static let allBytes: [UInt8] = (0...255).map { UInt8($0) }

    /// A listener on a free loopback port and a client connected to it.
    private func connectedPair() async throws -> (listener: TCPListener, client: TCPTransport, server: any ByteTransport) {
        let listener = TCPListener(port: 0)
        let port = try listener.start()
        let client = TCPTransport(host: "127.0.0.1", port: port, connectTimeout: .seconds(2))
        async let accepted = listener.accept()
        try await client.open()
        return (listener, client, try await accepted)
    }

    /// Reads until `count` bytes arrived (a stream may deliver them in several chunks).
    private func readExactly(_ count: Int, from transport: any ByteTransport) async throws -> [UInt8] {
        var received: [UInt8] = []
        while received.count < count {
            let chunk = try await transport.read(maxLength: count - received.count, timeout: .seconds(2))
            #expect(!chunk.isEmpty, "timed out after \(received.count) of \(count) bytes")
            if chunk.isEmpty { break }
            received += chunk
        }
        return received
    }

    @Test func write_allByteValuesBothWays_arriveByteExact() async throws {
        // Given
        let (listener, client, server) = try await connectedPair()
        defer { listener.close() }

        // When
        try await client.write(Self.allBytes)
        let atServer = try await readExactly(256, from: server)
        try await server.write(Self.allBytes.reversed())
        let atClient = try await readExactly(256, from: client)

        // Then
        #expect(atServer == Self.allBytes)
        #expect(atClient == Self.allBytes.reversed())
        await client.close()
        await server.close()
    }

    @Test func read_nothingArrives_returnsEmptyAfterTimeout() async throws {
        // Given
        let (listener, client, server) = try await connectedPair()
        defer { listener.close() }

        // When
        let bytes = try await client.read(maxLength: 16, timeout: .milliseconds(50))

        // Then
        #expect(bytes.isEmpty)
        await client.close()
        await server.close()
    }

    @Test func read_peerClosed_throwsClosed() async throws {
        // Given
        let (listener, client, server) = try await connectedPair()
        defer { listener.close() }

        // When
        await server.close()

        // Then
        let error = await #expect(throws: TransportError.self) { _ = try await client.read(maxLength: 16, timeout: .seconds(2)) }
        #expect(error?.code == .closed)
    }

    @Test func open_nobodyListens_throwsNotFound() async throws {
        // Given: a port that was just free
        let listener = TCPListener(port: 0)
        let port = try listener.start()
        listener.close()
        let client = TCPTransport(host: "127.0.0.1", port: port, connectTimeout: .seconds(2))

        // When / Then
        let error = await #expect(throws: TransportError.self) { try await client.open() }
        #expect(error?.code == .notFound)
        #expect(error?.endpoint == "tcp://127.0.0.1:\(port)")
    }

    @Test func read_beforeOpen_throwsClosed() async throws {
        // Given
        let client = TCPTransport(host: "127.0.0.1", port: 9)

        // When / Then
        let error = await #expect(throws: TransportError.self) { _ = try await client.read(maxLength: 1, timeout: .zero) }
        #expect(error?.code == .closed)
    }

    @Test func accept_listenerClosedWhileWaiting_throwsClosed() async throws {
        // Given
        let listener = TCPListener(port: 0)
        try listener.start()

        // When
        let pending = Task { try await listener.accept() }
        listener.close()

        // Then
        let error = await #expect(throws: TransportError.self) { _ = try await pending.value }
        #expect(error?.code == .closed)
    }
}
