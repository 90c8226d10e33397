import Glibc
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

    @Test func read_peerResetsTheConnection_throwsDeviceGone() async throws {
        // Given: a plain socket server that will abort the connection (SO_LINGER 0 sends RST on close)
        let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(server >= 0)
        defer { Glibc.close(server) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(server, $0, length) == 0 && listen(server, 1) == 0
                && getsockname(server, $0, &length) == 0 }
        }
        try #require(bound)
        let client = TCPTransport(host: "127.0.0.1", port: UInt16(bigEndian: address.sin_port), connectTimeout: .seconds(2))
        try await client.open()
        let accepted = Glibc.accept(server, nil, nil)
        try #require(accepted >= 0)

        // When
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        try #require(setsockopt(accepted, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size)) == 0)
        Glibc.close(accepted)

        // Then
        let error = await #expect(throws: TransportError.self) { _ = try await client.read(maxLength: 8, timeout: .seconds(2)) }
        #expect(error?.code == .deviceGone)
        let afterwards = await #expect(throws: TransportError.self) { try await client.write([0x01]) }
        #expect(afterwards?.code == .closed)
    }

    @Test func write_whileALongReadIsPending_goesOutBeforeTheReadEnds() async throws {
        // Given: the register waits up to 5 s for an answer
        let (listener, client, server) = try await connectedPair()
        defer { listener.close() }
        let pendingRead = Task { try await client.read(maxLength: 8, timeout: .seconds(5)) }

        // When: it sends an abort meanwhile, and the terminal answers it
        try await client.write([0x06, 0xB0, 0x00])
        let atServer = try await readExactly(3, from: server)
        try await server.write([0x80, 0x00, 0x00])

        // Then
        #expect(atServer == [0x06, 0xB0, 0x00])
        #expect(try await pendingRead.value == [0x80, 0x00, 0x00])
        await client.close()
        await server.close()
    }

    @Test func close_whileAReadIsPending_endsTheReadWithClosed() async throws {
        // Given
        let (listener, client, server) = try await connectedPair()
        defer { listener.close() }
        let pendingRead = Task { try await client.read(maxLength: 8, timeout: .seconds(5)) }
        await Task.yield()

        // When
        await client.close()

        // Then: the read ends at its next slice, long before its 5 s timeout; either closed, or a timeout-like []
        // when close() ran before the read started
        let outcome = await pendingRead.result
        switch outcome {
        case .success(let bytes): #expect(bytes.isEmpty)
        case .failure(let error): #expect((error as? TransportError)?.code == .closed)
        }
        await server.close()
    }

    @Test func accept_waitingTaskCancelled_throwsClosedAndTheListenerStillAccepts() async throws {
        // Given
        let listener = TCPListener(port: 0)
        let port = try listener.start()
        defer { listener.close() }
        let waiting = Task { try await listener.accept() }

        // When
        waiting.cancel()

        // Then
        let outcome = await waiting.result
        #expect(throws: TransportError.self) { _ = try outcome.get() }
        let client = TCPTransport(host: "127.0.0.1", port: port)
        async let next = listener.accept()
        try await client.open()
        let server = try await next
        try await client.write([0x42])
        #expect(try await server.read(maxLength: 1, timeout: .seconds(2)) == [0x42])
        await client.close()
        await server.close()
    }
}
