import POSFoundation
import Synchronization

/// A value behind a `Mutex` that escaping closures can share (a `Mutex` itself cannot be captured by them).
final class LockedBox<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) { mutex = Mutex(value) }

    /// Runs `body` with the value locked.
    func locked<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
        mutex.locked { body(&$0) }
    }
}
