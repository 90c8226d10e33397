/// How long a failed entry waits before its next attempt: exponential from ``base``, capped at ``cap``, with
/// "equal jitter" (half fixed, half random) so counters do not retry in step; a server's `Retry-After` wins
/// when it asks for longer (up to ``retryAfterCap``).
public struct SyncBackoff: Sendable, Hashable {
    public var base: Duration
    public var cap: Duration
    public var retryAfterCap: Duration

    public init(base: Duration = .milliseconds(500), cap: Duration = .seconds(300),
                retryAfterCap: Duration = .seconds(3600)) {
        self.base = base
        self.cap = cap
        self.retryAfterCap = retryAfterCap
    }

    /// The wait before attempt `attempt + 1`, after `attempt` failed attempts (1 = the first failed).
    public func delay(afterAttempt attempt: Int, retryAfter: Duration? = nil,
                      using random: inout some RandomNumberGenerator) -> Duration {
        let exponent = max(0, min(attempt - 1, 40))
        let capNanos = Self.nanoseconds(cap)
        var nanos = Self.nanoseconds(base)
        for _ in 0..<exponent where nanos < capNanos { nanos = nanos.multipliedReportingOverflow(by: 2).partialValue }
        nanos = min(max(nanos, 0), capNanos)
        let half = nanos / 2
        let jittered = half + Int64.random(in: 0...max(0, nanos - half), using: &random)
        var delay = Duration.nanoseconds(jittered)
        if let retryAfter { delay = max(delay, min(retryAfter, retryAfterCap)) }
        return delay
    }

    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds.multipliedReportingOverflow(by: 1_000_000_000).partialValue + attoseconds / 1_000_000_000
    }
}
