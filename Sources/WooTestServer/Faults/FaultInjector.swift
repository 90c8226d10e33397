import Foundation
import Synchronization

/// The queue of pending faults, matched first-in first-out.
public final class FaultInjector: Sendable {
    private let queue = Mutex<[Fault]>([])

    init() {}

    /// Queues a fault.
    public func add(_ fault: Fault) {
        guard fault.count > 0 else { return }
        queue.withLock { $0.append(fault) }
    }

    /// Drops every pending fault.
    public func removeAll() {
        queue.withLock { $0.removeAll() }
    }

    /// The faults still pending (with their remaining counts).
    public var pending: [Fault] {
        queue.withLock { $0 }
    }

    /// Takes one use of the first fault matching the request.
    func take(method: String, route: String, rawPath: String) -> Fault.Kind? {
        queue.withLock { faults in
            guard let index = faults.firstIndex(where: { $0.matches(method: method, route: route, rawPath: rawPath) })
            else { return nil }
            faults[index].seen += 1
            guard faults[index].seen % faults[index].oneIn == 0 else { return nil }
            let kind = faults[index].kind
            faults[index].count -= 1
            if faults[index].count <= 0 { faults.remove(at: index) }
            return kind
        }
    }
}
