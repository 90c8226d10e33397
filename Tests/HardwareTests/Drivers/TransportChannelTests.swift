@testable import Hardware
import Synchronization
import Testing

@Suite struct TransportChannelTests {
    /// A transport whose writes finish only when the test lets them, recording what was written and when it closed.
    final class GatedTransport: ByteTransport {
        struct State {
            var written: [[UInt8]] = []
            var closedAfterWrites: Int?
        }
        let state = Mutex(State())
        let gate = Gate()

        var endpointDescription: String { "gated" }
        func open() async throws(TransportError) {}
        func write(_ bytes: [UInt8]) async throws(TransportError) {
            await gate.pass()
            state.withLock { $0.written.append(bytes) }
        }
        func read(maxLength: Int, timeout: Duration) async throws(TransportError) -> [UInt8] {
            try? await Task.sleep(for: timeout)
            return []
        }
        func close() async { state.withLock { $0.closedAfterWrites = $0.written.count } }
    }

    /// Lets a number of callers through, in order; the others wait.
    actor Gate {
        private var permits = 0
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func pass() async {
            if permits > 0 {
                permits -= 1
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }

        func open(_ count: Int) {
            for _ in 0..<count {
                if waiting.isEmpty { permits += 1 } else { waiting.removeFirst().resume() }
            }
        }
    }

    @Test func stop_bytesStillQueued_areWrittenBeforeTheTransportCloses() async {
        // Given: a driver queued its last acknowledgement and stops at once (as ZVT does after the completion)
        let transport = GatedTransport()
        let channel = TransportChannel(transport: transport, onBytes: { _ in }, onFailure: { _ in })
        channel.send([0x06])
        channel.send([0x10, 0x02, 0x80, 0x00, 0x00, 0x10, 0x03, 0xF5, 0x1F])

        // When: the writes are released only after stop() began
        async let stopped: Void = channel.stop()
        await transport.gate.open(2)
        await stopped

        // Then
        let state = transport.state.withLock { $0 }
        #expect(state.written == [[0x06], [0x10, 0x02, 0x80, 0x00, 0x00, 0x10, 0x03, 0xF5, 0x1F]])
        #expect(state.closedAfterWrites == 2)
    }
}
