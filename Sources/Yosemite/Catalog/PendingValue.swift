import POSFoundation
import Synchronization

/// A value one task settles (once) and others wait for: the store's currency, fetched beside the catalog pull.
///
/// Whoever settles it must do so on every path, failure included, or its waiters wait forever: the catalog
/// sync settles it in the task that fetches the settings, whatever that task's fate.
final class PendingValue<Value: Sendable>: Sendable {
    private enum State {
        case waiting([CheckedContinuation<Value, any Error>])
        case settled(Result<Value, any Error>)
    }

    private let state: Mutex<State>

    /// A value still to come.
    init() { state = Mutex(.waiting([])) }

    /// A value already known.
    init(_ value: Value) { state = Mutex(.settled(.success(value))) }

    /// Settles the value (the first call wins) and wakes its waiters.
    func settle(_ result: Result<Value, any Error>) {
        let waiters = state.locked { state -> [CheckedContinuation<Value, any Error>] in
            guard case let .waiting(waiters) = state else { return [] }
            state = .settled(result)
            return waiters
        }
        for waiter in waiters { waiter.resume(with: result) }
    }

    /// The value, once settled; throws what it failed with.
    var value: Value {
        get async throws {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                let settled = state.locked { state -> Result<Value, any Error>? in
                    switch state {
                    case let .settled(result): return result
                    case var .waiting(waiters):
                        waiters.append(continuation)
                        state = .waiting(waiters)
                        return nil
                    }
                }
                if let settled { continuation.resume(with: settled) }
            }
        }
    }
}
