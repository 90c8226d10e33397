import Testing
import Yosemite

/// Backoff with jitter: bounded, growing, capped, seeded, and honouring Retry-After.
struct SyncBackoffTests {
    @Test func delay_successiveAttempts_growWithinJitterBoundsUpToCap() {
        // Given a backoff from 1 s capped at 60 s and a seeded random source
        let backoff = SyncBackoff(base: .seconds(1), cap: .seconds(60))
        var random = SeededRandom(seed: 42)

        // When computing delays for attempts 1…10
        let delays = (1...10).map { backoff.delay(afterAttempt: $0, using: &random) }

        // Then each lies in [half, full] of min(cap, base·2^(n−1))
        for (index, delay) in delays.enumerated() {
            let full = min(Duration.seconds(60), .seconds(1) * (1 << index))
            #expect(delay >= full / 2 && delay <= full, "attempt \(index + 1): \(delay)")
        }
        #expect(delays.allSatisfy { $0 <= .seconds(60) })
    }

    @Test func delay_sameSeed_isReproducible() {
        let backoff = SyncBackoff()
        var first = SeededRandom(seed: 9)
        var second = SeededRandom(seed: 9)
        let a = (1...5).map { backoff.delay(afterAttempt: $0, using: &first) }
        let b = (1...5).map { backoff.delay(afterAttempt: $0, using: &second) }
        #expect(a == b)
    }

    @Test func delay_retryAfterLongerThanBackoff_waitsRetryAfter() {
        var random = SeededRandom(seed: 1)
        let delay = SyncBackoff().delay(afterAttempt: 1, retryAfter: .seconds(30), using: &random)
        #expect(delay == .seconds(30))
    }
}
