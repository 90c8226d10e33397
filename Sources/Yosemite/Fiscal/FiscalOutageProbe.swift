import POSFoundation
import Foundation
import Synchronization

/// Bounds how often the checkout tries the TSE while an outage is open (German fiscal law).
///
/// A TSE that does not answer costs each call one timeout (fiskaly: 10 s). While an outage is open, the sale
/// that opens is sent to the TSE at most once per `interval` (measured on the environment's clock, a
/// `ManualClock` in tests); the sales in between go on at once, recorded `failed` in the open outage without a
/// TSE call, and are never signed afterwards (like any sale missed in an outage). The first sale after
/// `interval` is the probe: if the TSE answers, that sale is signed and the outage gets its end.
///
/// One per process (the environment holds it), so a long-running counter waits for at most one timeout per
/// interval; a new `pos` process tries once.
public final class FiscalOutageProbe: Sendable {
    /// The least time between two TSE attempts during an open outage.
    public let interval: Duration
    private let lastAttempt = Mutex<(any InstantProtocol<Duration>)?>(nil)

    public init(interval: Duration = .seconds(60)) {
        self.interval = interval
    }

    /// Whether the TSE should be tried now (during an open outage): true when this process has not tried it
    /// within `interval`. A true answer counts as the attempt, so concurrent sales probe once.
    func claimAttempt(on clock: any Clock<Duration>) -> Bool {
        let now = clock.now
        return lastAttempt.locked { last in
            if let last, let elapsed = Self.elapsed(from: last, to: now), elapsed < interval { return false }
            last = now
            return true
        }
    }

    /// Notes a TSE attempt outside an outage (the one that failed and opened it), so the next sales skip it.
    func noteAttempt(on clock: any Clock<Duration>) {
        let now = clock.now
        lastAttempt.locked { $0 = now }
    }

    private static func elapsed<I: InstantProtocol<Duration>>(from start: I, to end: any InstantProtocol<Duration>)
        -> Duration? {
        (end as? I).map { start.duration(to: $0) }
    }
}
