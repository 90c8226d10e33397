import POSFoundation
import Hardware
import Synchronization

/// A connection the simulator keeps across sessions, as a terminal keeps its cable: the engine's `close()` after a
/// session is ignored, and the line counts as dead once the peer closed it or it failed.
final class SimulatorLine: ByteTransport {
    private let connection: any ByteTransport
    private let dead = Mutex(false)

    init(_ connection: any ByteTransport) { self.connection = connection }

    /// Whether the peer closed the line or it failed: no further session can run on it.
    var isDead: Bool { dead.locked { $0 } }

    var endpointDescription: String { connection.endpointDescription }
    func open() async throws(TransportError) {}

    func write(_ bytes: [UInt8]) async throws(TransportError) {
        do { try await connection.write(bytes) } catch {
            markIfFatal(error)
            throw error
        }
    }

    func read(maxLength: Int, timeout: Duration) async throws(TransportError) -> [UInt8] {
        do { return try await connection.read(maxLength: maxLength, timeout: timeout) } catch {
            markIfFatal(error)
            throw error
        }
    }

    func close() async {}

    /// Closes the underlying connection for good.
    func hangUp() async { await connection.close() }

    private func markIfFatal(_ error: TransportError) {
        if error.code != .timedOut { dead.locked { $0 = true } }
    }
}
