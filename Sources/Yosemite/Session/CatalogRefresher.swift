import Foundation
import Logging

/// Keeps a logged-in counter's catalog current: an incremental catalog sync (the store's changes since the last
/// one; a full one the first time) when the counter starts, then every ``Configuration/interval`` on the injected
/// clock. One pull at a time; a pull that fails (the store unreachable) waits for the next tick, as the counter
/// sells from the local catalog meanwhile. The pull runs off the main actor (``CatalogSynchronizer``), so the
/// counter keeps painting while it decodes and writes. The outbox has its own scheduler (``SyncScheduler``).
actor CatalogRefresher {
    struct Configuration: Sendable {
        /// The time between pulls: price and stock changes reach the till within it.
        var interval: Duration = .seconds(600)
    }

    private let pull: @Sendable () async -> Bool
    private let clock: any Clock<Duration>
    private let configuration: Configuration
    private let logger: Logger
    private var loop: Task<Void, Never>?
    /// How many pulls ran, and how many of them failed (for tests and the log).
    private(set) var pulls = 0
    private(set) var failures = 0
    private let (finished, finishedContinuation) = AsyncStream.makeStream(of: Int.self)

    init(pull: @escaping @Sendable () async -> Bool, clock: any Clock<Duration>, logger: Logger,
         configuration: Configuration = Configuration()) {
        self.pull = pull
        self.clock = clock
        self.logger = logger
        self.configuration = configuration
    }

    /// Each finished pull's number (1, 2, …), for whoever waits on one.
    nonisolated var pullsFinished: AsyncStream<Int> { finished }

    /// Pulls now, then every interval, until ``stop()``.
    func start() {
        guard loop == nil else { return }
        let clock = clock, interval = configuration.interval
        loop = Task { [weak self] in
            while !Task.isCancelled {
                await self?.pullOnce()
                do { try await clock.sleep(for: interval) } catch { return }
            }
        }
    }

    func stop() {
        loop?.cancel()
        loop = nil
    }

    private func pullOnce() async {
        let succeeded = await pull()
        pulls += 1
        if !succeeded {
            failures += 1
            logger.info("catalog: background pull failed; the next one in \(configuration.interval)")
        }
        finishedContinuation.yield(pulls)
    }
}

extension CatalogRefresher {
    /// The refresher of a logged-in store: the catalog sync store's incremental sync, through the dispatcher, so it
    /// waits for a sync the operator started and the next one waits for it.
    @MainActor
    static func live(environment: AppEnvironment, dispatcher: Dispatcher) -> CatalogRefresher {
        let logger = environment.logger
        return CatalogRefresher(pull: { @MainActor in
            do {
                _ = try await dispatcher.dispatch { CatalogSyncAction.synchronize(full: false, progress: nil, reply: $0) }
                return true
            } catch {
                logger.info("catalog: background pull: \(error)")
                return false
            }
        }, clock: environment.clock, logger: logger)
    }
}
