import Foundation
import Synchronization

/// A settable clock for the server's dates.
final class TestClock: Sendable {
    private let current: Mutex<Date>

    init(start: Date) {
        current = Mutex(start)
    }

    var now: Date { current.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}
