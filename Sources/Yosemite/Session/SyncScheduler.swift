import Foundation
import Logging

/// Sends the outbox in the background while a store is logged in: a sync starts when something is pending and
/// no backoff holds it; after a failure (the store unreachable, or entries left waiting) the next try waits an
/// exponential, jittered delay (``SyncBackoff``) on the injected clock; when the store answers again (another
/// sync, the operator's "sync now") a quick retry follows. One sync at a time. The demo store has none.
///
/// It follows the session's events (``SessionEventHub``): the pending count and the connectivity. Tests drive it
/// with a `ManualClock` and a stub sync: no sleeping.
actor SyncScheduler {
    /// What one background sync reports.
    enum Outcome: Sendable, Equatable {
        /// Everything due was sent (entries may still back off inside the engine when `remaining > 0`).
        case finished(remaining: Int)
        /// The store could not be reached; the entries wait.
        case unreachable
        /// The sync failed for another reason (another sender runs, storage, the store refused the counter).
        case failed
    }

    struct Configuration: Sendable {
        /// The backoff after failures: 5 s, doubling to at most 5 minutes, half of it random.
        var backoff = SyncBackoff(base: .seconds(5), cap: .seconds(300))
        /// The wait before the retry when the store answers again.
        var quickRetry: Duration = .seconds(1)
        /// The random source's seed (`nil`: from the system).
        var randomSeed: UInt64?
    }

    private let sync: @Sendable () async -> Outcome
    private let clock: any Clock<Duration>
    private let configuration: Configuration
    private let logger: Logger
    private var random: SeededRandom
    private var pending = 0
    private var connectivity = SessionEvent.Connectivity.notChecked
    private var failures = 0
    /// A timer holds the next sync (backoff or quick retry) until it fires.
    private var timer: Task<Void, Never>?
    private var timerGeneration = 0
    private var running = false
    private var follower: Task<Void, Never>?
    /// How many syncs ran (for tests and the log).
    private(set) var runs = 0

    init(sync: @escaping @Sendable () async -> Outcome, clock: any Clock<Duration>, logger: Logger,
         configuration: Configuration = Configuration()) {
        self.sync = sync
        self.clock = clock
        self.logger = logger
        self.configuration = configuration
        random = configuration.randomSeed.map(SeededRandom.init(seed:)) ?? .system()
    }

    /// Follows `events` (the session's) until ``stop()`` or the stream ends.
    func start(following events: AsyncStream<SessionEvent>) {
        guard follower == nil else { return }
        follower = Task { [weak self] in
            for await event in events {
                await self?.receive(pending: event.pendingEntries, connectivity: event.connectivity)
            }
        }
    }

    /// Stops following and cancels a waiting timer (a sync under way finishes on its own).
    func stop() {
        follower?.cancel()
        timer?.cancel()
        follower = nil
        timer = nil
    }

    /// Whether a timer holds the next sync.
    var isWaiting: Bool { timer != nil }

    func receive(pending: Int, connectivity: SessionEvent.Connectivity) async {
        // Only what the scheduler acts on counts: a reader plugged in changes the event, not the plan.
        guard pending != self.pending || connectivity != self.connectivity else { return }
        var wasOffline = false
        if case .offline = self.connectivity { wasOffline = true }
        let cameBack = connectivity == .online && wasOffline
        self.pending = pending
        self.connectivity = connectivity
        if cameBack, timer != nil {
            // The store answers again: retry soon instead of sitting out the backoff.
            failures = 0
            arm(after: configuration.quickRetry)
            return
        }
        await runIfNeeded()
    }

    private func runIfNeeded() async {
        guard pending > 0, timer == nil, !running else { return }
        running = true
        runs += 1
        let outcome = await sync()
        running = false
        switch outcome {
        case .finished(let remaining) where remaining == 0:
            failures = 0
        case .finished, .unreachable, .failed:
            failures += 1
            let delay = configuration.backoff.delay(afterAttempt: failures, using: &random)
            logger.info("sync: background sync \(outcome); next try in \(delay)")
            arm(after: delay)
        }
    }

    private func arm(after delay: Duration) {
        timer?.cancel()
        timerGeneration += 1
        let clock = clock, generation = timerGeneration
        timer = Task { [weak self] in
            do { try await clock.sleep(for: delay) } catch { return }
            await self?.fire(generation)
        }
    }

    private func fire(_ generation: Int) async {
        guard generation == timerGeneration else { return }
        timer = nil
        await runIfNeeded()
    }
}

extension SyncScheduler {
    /// The scheduler of a logged-in store, on the session's ``SyncEngine`` (the one the sync store drains
    /// through), sending only what is due (entries backing off inside the engine keep their schedule).
    static func live(environment: AppEnvironment, engine: SyncEngine) -> SyncScheduler {
        SyncScheduler(sync: {
            do {
                let summary = try await engine.sync(maxWait: .zero, makeAllDue: false)
                return summary.unreachable ? .unreachable : .finished(remaining: summary.remaining)
            } catch {
                return .failed
            }
        }, clock: environment.clock, logger: environment.logger)
    }
}
