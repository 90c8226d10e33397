import Foundation
import Logging
import Networking
import POSFoundation
import Storage

/// Drains the outbox to the store exactly once: one sender per data directory, lookups before resending an
/// uncertain create, batches when many are due, backoff with jitter, refusals parked for a person.
///
/// ```swift
/// let engine = SyncEngine(environment: environment, network: network)
/// let summary = try await engine.sync(maxWait: .seconds(60))
/// ```
///
/// Each drain holds ``SenderLock`` for its whole length. Entries found in flight at start were being sent by a
/// process that died: they are flagged uncertain, so their creates are looked up by client UUID first.
public actor SyncEngine {
    /// Tuning; the defaults follow what a small store can take (batches of 25, see the reference).
    public struct Configuration: Sendable {
        /// At most this many entries go in one batch request.
        public var batchSize: Int
        /// How far before the sale time the lookup searches, for clock skew between counter and store.
        public var lookupSkew: TimeInterval
        /// The wait between attempts of a failing entry.
        public var backoff: SyncBackoff
        /// The jitter's seed; `nil` seeds from the system.
        public var randomSeed: UInt64?
        /// Batches in flight at once. Two keep a small store's PHP workers busy; more only queue there.
        public var concurrency: Int

        public init(batchSize: Int = 25, lookupSkew: TimeInterval = 6 * 3600, backoff: SyncBackoff = SyncBackoff(),
                    randomSeed: UInt64? = nil, concurrency: Int = 2) {
            self.batchSize = batchSize
            self.concurrency = max(1, concurrency)
            self.lookupSkew = lookupSkew
            self.backoff = backoff
            self.randomSeed = randomSeed
        }
    }

    let environment: AppEnvironment
    let database: AppDatabase
    let sender: OutboxSender
    let clock: any Clock<Duration>
    let dates: DateGenerator
    let logger: Logger
    let dataDirectory: URL
    let configuration: Configuration
    /// Online or offline, as the last sync saw the store.
    public nonisolated let connectivity: ConnectivityMonitor
    var random: SeededRandom
    /// What the running drain has done so far.
    var run = SyncSummary()
    var touchedProducts = Set<Int64>()
    /// The wall time at the start of the drain, and how long it slept on the injected clock: dates for scheduling.
    var startDate = Date()
    var slept = Duration.zero

    public init(environment: AppEnvironment, network: any Network, configuration: Configuration = Configuration(),
                connectivity: ConnectivityMonitor = ConnectivityMonitor()) {
        self.environment = environment
        database = environment.database
        sender = OutboxSender(network: network)
        clock = environment.clock
        dates = environment.now
        logger = environment.logger
        dataDirectory = environment.dataDirectory
        self.configuration = configuration
        self.connectivity = connectivity
        random = configuration.randomSeed.map(SeededRandom.init(seed:)) ?? .system()
    }

    /// Sends what is due, then keeps going while entries that back off come due within `maxWait`.
    ///
    /// - Parameters:
    ///   - maxWait: How long to wait for backed-off entries; `.zero` sends only what is due now.
    ///   - makeAllDue: Whether to clear the backoff of every pending entry first (an operator's "sync now").
    /// - Returns: What was sent, adopted, parked and what remains.
    /// - Throws: ``SyncError``: another sender runs, the store refused the counter, storage failed, cancelled.
    public func sync(maxWait: Duration = .seconds(60), makeAllDue: Bool = true) async throws(SyncError) -> SyncSummary {
        let lock = try SenderLock.acquire(in: dataDirectory)
        defer { lock.release() }
        run = SyncSummary()
        touchedProducts = []
        startDate = dates()
        slept = .zero
        // A sale its tenders already cover, left open by a crash, becomes its order (and outbox entry) first.
        await SaleService(environment: environment).completeCoveredSales()
        do {
            run.recoveredInFlight = try await database.beginOutboxRun(makeAllDue: makeAllDue)
            if run.recoveredInFlight > 0 {
                logger.warning("sync: \(run.recoveredInFlight) entries were in flight when a sender stopped; checking them")
            }
            try await drain(maxWait: maxWait)
            await checkStock()
            let counts = try await database.outboxCounts()
            let (pending, blocked, parked) = (counts.pending, counts.waitingBehindParked, counts.parked)
            let remaining = pending - blocked
            run.remaining = remaining
            run.waitingBehindParked = blocked
            run.parked = parked
            logger.info("sync: sent \(run.sent), adopted \(run.adopted), parked \(parked), remaining \(remaining)")
            return run
        } catch let error as SyncError {
            throw error
        } catch is CancellationError {
            throw .interrupted
        } catch {
            throw .storage(StorageError(wrapping: error))
        }
    }

    /// The current date for scheduling: the wall clock, but never earlier than the drain's start plus the time it
    /// slept on the injected clock (so a `ManualClock` moves schedules forward in tests while dates stand still).
    func currentDate() -> Date {
        max(dates(), startDate.addingTimeInterval(Double(SyncBackoff.nanoseconds(slept)) / 1e9))
    }

    private func drain(maxWait: Duration) async throws {
        while true {
            try Task.checkCancellation()
            let now = currentDate()
            let limit = configuration.batchSize * configuration.concurrency
            let heads = try await database.dueOutboxHeads(at: now, limit: limit)
            if heads.isEmpty {
                guard let next = try await database.earliestScheduledOutboxAttempt()
                else { return }
                let wait = next.timeIntervalSince(now)
                let waited = max(dates().timeIntervalSince(startDate), Double(SyncBackoff.nanoseconds(slept)) / 1e9)
                let budget = Double(SyncBackoff.nanoseconds(maxWait)) / 1e9 - waited
                guard wait <= budget else { return }
                let pause = Duration.nanoseconds(Int64(max(0, wait) * 1e9) + 1)
                try await clock.sleep(for: pause)
                slept += pause
                continue
            }
            let keepGoing = try await processInFlight(heads)
            if !keepGoing { return }
        }
    }

    /// Sends due heads as up to `concurrency` full batches at once.
    ///
    /// The heads are cut into batches of `batchSize`; when there are several, a last partial one waits for the
    /// next round (so requests in flight are full batches, and a round never sends more than it must). Each head
    /// is the first due entry of a different order, so batches never race on one order; each batch is marked in
    /// flight and recorded in its own transactions. Returns false when the sync should stop.
    private func processInFlight(_ heads: [OutboxRecord]) async throws -> Bool {
        let size = configuration.batchSize
        var chunks = stride(from: 0, to: heads.count, by: size).map { Array(heads[$0..<min($0 + size, heads.count)]) }
        if chunks.count > 1, let last = chunks.last, last.count < size { chunks.removeLast() }
        guard chunks.count > 1 else { return try await process(chunks.first ?? heads) }
        return try await withThrowingTaskGroup(of: Bool.self) { group in
            for chunk in chunks { group.addTask { try await self.process(chunk) } }
            var keepGoing = true
            for try await result in group { keepGoing = keepGoing && result }
            return keepGoing
        }
    }

    private func checkStock() async {
        guard !touchedProducts.isEmpty, !run.unreachable else { return }
        do {
            run.negativeStock = try await sender.negativeStock(productIDs: touchedProducts.sorted())
            for item in run.negativeStock {
                logger.warning("sync: stock of product \(item.productId) (\(item.name)) is \(item.quantity)")
            }
        } catch {
            logger.notice("sync: the stock check failed: \(error.message)")
        }
    }
    }
