import POSFoundation
import Hardware
import Synchronization

/// A ``ByteTransport`` that plays a device: it expects the bytes the driver must write, in order, and answers
/// with canned replies. An unexpected write fails the exchange with the first differing byte, so a test names
/// exactly where the driver went wrong; the whole conversation is kept as a trace.
public final class ScriptedTransport: ByteTransport {
    /// One step of the script.
    public enum Step: Sendable, Equatable {
        /// The driver must write exactly these bytes.
        case expectWrite([UInt8])
        /// The device sends these bytes (delivered to the next reads).
        case reply([UInt8])
        /// The line drops: the next read or write fails with `.deviceGone`.
        case dropLine
    }

    /// What happened, in order, for assertions and failure messages.
    public enum TraceEntry: Sendable, Equatable {
        case wrote([UInt8])
        case read([UInt8])
        case failed(String)
    }

    private struct State {
        var steps: [Step]
        var pendingReplies: [UInt8] = []
        var trace: [TraceEntry] = []
        var isOpen = false
        var dropped = false
        var mismatch: String?
    }

    private let state: Mutex<State>
    public let endpointDescription: String

    public init(_ steps: [Step], endpoint: String = "scripted") {
        state = Mutex(State(steps: steps))
        endpointDescription = endpoint
    }

    /// The conversation so far.
    public var trace: [TraceEntry] { state.locked { $0.trace } }
    /// The steps not yet played (empty when the driver did everything the script expects).
    public var remainingSteps: [Step] { state.locked { $0.steps } }
    /// The first unexpected write, described, or `nil`.
    public var mismatch: String? { state.locked { $0.mismatch } }

    public func open() async throws(TransportError) {
        state.locked { $0.isOpen = true }
    }

    public func write(_ bytes: [UInt8]) async throws(TransportError) {
        let error: TransportError? = state.locked { state in
            if state.dropped { return TransportError(.deviceGone, endpoint: endpointDescription) }
            state.trace.append(.wrote(bytes))
            guard case .expectWrite(let expected)? = state.steps.first else {
                state.mismatch = state.mismatch ?? "unexpected write \(hex(bytes)); next step is \(String(describing: state.steps.first))"
                return nil
            }
            if expected != bytes {
                state.mismatch = state.mismatch ?? "wrote \(hex(bytes)), expected \(hex(expected))"
                return nil
            }
            state.steps.removeFirst()
            advanceReplies(&state)
            return nil
        }
        if let error { throw error }
    }

    public func read(maxLength: Int, timeout: Duration) async throws(TransportError) -> [UInt8] {
        let result: Result<[UInt8], TransportError> = state.locked { state in
            advanceReplies(&state)
            if state.pendingReplies.isEmpty && state.dropped {
                state.trace.append(.failed("deviceGone"))
                return .failure(TransportError(.deviceGone, endpoint: endpointDescription))
            }
            let count = min(maxLength, state.pendingReplies.count)
            let chunk = Array(state.pendingReplies.prefix(count))
            state.pendingReplies.removeFirst(count)
            if !chunk.isEmpty { state.trace.append(.read(chunk)) }
            return .success(chunk)
        }
        // An empty read means "timed out"; a scripted device answers at once or never.
        return try result.get()
    }

    public func close() async {
        state.locked { $0.isOpen = false }
    }

    /// Moves replies and drops at the head of the script into the read buffer.
    private func advanceReplies(_ state: inout State) {
        while let step = state.steps.first {
            switch step {
            case .reply(let bytes):
                state.pendingReplies += bytes
                state.steps.removeFirst()
            case .dropLine:
                state.dropped = true
                state.steps.removeFirst()
            case .expectWrite:
                return
            }
        }
    }
}

private func hex(_ bytes: [UInt8]) -> String {
    bytes.map { byte in
        let text = String(byte, radix: 16, uppercase: true)
        return text.count == 1 ? "0" + text : text
    }.joined(separator: " ")
}
