import Foundation
import Synchronization

/// Tells the current wall-clock time: the real one in production, a fixed or settable one in tests.
///
/// Wall time (`Date`) is for what people read: sale times, receipts. Durations and timeouts use an
/// injected `any Clock<Duration>` instead (see ``ManualClock``).
public struct DateGenerator: Sendable {
    private let now: @Sendable () -> Date

    public init(_ now: @escaping @Sendable () -> Date) { self.now = now }

    public func callAsFunction() -> Date { now() }

    public static let live = DateGenerator { Date() }

    public static func constant(_ date: Date) -> DateGenerator { DateGenerator { date } }
}
