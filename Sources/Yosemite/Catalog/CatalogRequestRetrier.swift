import Foundation
import Logging
import Networking

/// Retries the read requests of a sync after 429, 503 and dropped connections, backing off with jitter.
///
/// Only GETs go through it, so a retry can never write twice. `Retry-After` wins over the computed delay.
struct CatalogRequestRetrier: Sendable {
    let clock: any Clock<Duration>
    let configuration: CatalogSyncConfiguration
    let logger: Logger
    let counters: CatalogSyncCounters

    /// Runs `body`, retrying retryable network errors up to the configured number of tries.
    func run<T: Sendable>(_ label: String, _ body: @Sendable () async throws(NetworkError) -> T)
        async throws(NetworkError) -> T
    {
        var attempt = 1
        while true {
            do {
                return try await body()
            } catch {
                guard error.isRetryable, attempt < configuration.maxAttempts else { throw error }
                let delay = delay(after: attempt, for: error)
                logger.notice("catalog sync: \(label) failed (\(error.message)); retry \(attempt) in \(delay)")
                counters.update { $0.retries += 1 }
                do {
                    try await clock.sleep(for: delay)
                } catch {
                    throw NetworkError.cancelled
                }
                attempt += 1
            }
        }
    }

    /// The backoff before try `attempt + 1`: `Retry-After`, else the base doubled per try, capped, plus up to 25 %.
    func delay(after attempt: Int, for error: NetworkError) -> Duration {
        if case .rateLimited(let retryAfter?) = error { return min(retryAfter, configuration.retryMaxDelay) }
        let exponential = configuration.retryBaseDelay * (1 << min(attempt - 1, 16))
        let capped = min(exponential, configuration.retryMaxDelay)
        let jitter = capped * Double.random(in: 0...0.25)
        return capped + jitter
    }
}
