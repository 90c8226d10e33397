import POSFoundation
import Hardware
import Synchronization

/// One end of an in-memory byte pipe: what one end writes, the other reads. Use ``pair(endpoint:)`` to make
/// both ends, then run a driver on one and a simulated terminal on the other. Reads really wait (up to their
/// timeout) for bytes; closing either end makes the other's reads fail with `.closed` once drained.
public final class PipeTransport: ByteTransport {
    final class Buffer: Sendable {
        struct State {
            var bytes: [UInt8] = []
            var closed = false
            var waiter: (id: UInt64, continuation: CheckedContinuation<Result<[UInt8], TransportError>, Never>, max: Int)?
            var nextID: UInt64 = 0
        }

        let state = Mutex(State())
        let endpoint: String

        init(endpoint: String) { self.endpoint = endpoint }

        func append(_ bytes: [UInt8]) -> Bool {
            let resume = state.locked { state -> (CheckedContinuation<Result<[UInt8], TransportError>, Never>, [UInt8])? in
                guard !state.closed else { return nil }
                state.bytes += bytes
                guard let waiter = state.waiter else { return nil }
                state.waiter = nil
                let chunk = Array(state.bytes.prefix(waiter.max))
                state.bytes.removeFirst(chunk.count)
                return (waiter.continuation, chunk)
            }
            if let (continuation, chunk) = resume { continuation.resume(returning: .success(chunk)) }
            return !state.locked { $0.closed }
        }

        func close() {
            let waiter = state.locked { state in
                state.closed = true
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.continuation.resume(returning: .failure(TransportError(.closed, endpoint: endpoint)))
        }

        func read(maxLength: Int, timeout: Duration) async -> Result<[UInt8], TransportError> {
            let id = state.locked { state -> UInt64 in
                state.nextID += 1
                return state.nextID
            }
            let timer = Task {
                try? await Task.sleep(for: timeout)
                self.expire(id)
            }
            defer { timer.cancel() }
            return await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let immediate = state.locked { state -> Result<[UInt8], TransportError>? in
                        if !state.bytes.isEmpty {
                            let chunk = Array(state.bytes.prefix(maxLength))
                            state.bytes.removeFirst(chunk.count)
                            return .success(chunk)
                        }
                        if state.closed { return .failure(TransportError(.closed, endpoint: endpoint)) }
                        state.waiter = (id, continuation, maxLength)
                        return nil
                    }
                    if let immediate { continuation.resume(returning: immediate) }
                }
            } onCancel: {
                self.expire(id)
            }
        }

        private func expire(_ id: UInt64) {
            let waiter = state.locked { state -> CheckedContinuation<Result<[UInt8], TransportError>, Never>? in
                guard let waiter = state.waiter, waiter.id == id else { return nil }
                state.waiter = nil
                return waiter.continuation
            }
            waiter?.resume(returning: .success([]))
        }
    }

    private let inbox: Buffer
    private let outbox: Buffer
    public let endpointDescription: String

    init(inbox: Buffer, outbox: Buffer, endpoint: String) {
        self.inbox = inbox
        self.outbox = outbox
        endpointDescription = endpoint
    }

    /// Two connected ends: the first for the counter (driver), the second for the terminal (simulator).
    public static func pair(endpoint: String = "pipe") -> (counter: PipeTransport, terminal: PipeTransport) {
        let toTerminal = Buffer(endpoint: endpoint)
        let toCounter = Buffer(endpoint: endpoint)
        return (
            PipeTransport(inbox: toCounter, outbox: toTerminal, endpoint: endpoint),
            PipeTransport(inbox: toTerminal, outbox: toCounter, endpoint: endpoint)
        )
    }

    public func open() async throws(TransportError) {}

    public func write(_ bytes: [UInt8]) async throws(TransportError) {
        guard outbox.append(bytes) else { throw TransportError(.closed, endpoint: endpointDescription) }
    }

    public func read(maxLength: Int, timeout: Duration) async throws(TransportError) -> [UInt8] {
        try await inbox.read(maxLength: maxLength, timeout: timeout).get()
    }

    /// Closes both directions: the peer sees `.closed` on its next read after the bytes already sent.
    public func close() async {
        inbox.close()
        outbox.close()
    }
}
