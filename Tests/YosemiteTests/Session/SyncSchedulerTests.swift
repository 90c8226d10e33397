import Foundation
import Logging
import POSFoundation
import Testing
@testable import Yosemite

/// The background sync's schedule, on a manual clock with a stub sync: when it syncs, how it backs off (jittered,
/// growing), and the quick retry when the store answers again. Nothing sleeps.
@Suite(.timeLimit(.minutes(5)))
struct SyncSchedulerTests {
    /// A sync that answers from a script and reports each run.
    final class StubSync: Sendable {
        private let outcomes: LockedOutcomes
        let runs: AsyncStream<Int>
        private let continuation: AsyncStream<Int>.Continuation

        init(_ outcomes: [SyncScheduler.Outcome]) {
            self.outcomes = LockedOutcomes(outcomes)
            (runs, continuation) = AsyncStream.makeStream(of: Int.self)
        }

        func run() -> SyncScheduler.Outcome {
            let (outcome, count) = outcomes.next()
            continuation.yield(count)
            return outcome
        }
    }

    final class LockedOutcomes: @unchecked Sendable {
        private let lock = NSLock()
        private var outcomes: [SyncScheduler.Outcome]
        private var count = 0
        init(_ outcomes: [SyncScheduler.Outcome]) { self.outcomes = outcomes }
        func next() -> (SyncScheduler.Outcome, Int) {
            lock.lock()
            defer { lock.unlock() }
            count += 1
            return (outcomes.isEmpty ? .finished(remaining: 0) : outcomes.removeFirst(), count)
        }
    }

    static let seed: UInt64 = 42
    static let backoff = SyncScheduler.Configuration().backoff

    func makeScheduler(_ stub: StubSync, clock: ManualClock) -> SyncScheduler {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        return SyncScheduler(sync: { stub.run() }, clock: clock, logger: logger,
                             configuration: .init(randomSeed: Self.seed))
    }

    @Test func nothingPending_neverSyncs() async {
        let stub = StubSync([])
        let scheduler = makeScheduler(stub, clock: ManualClock())
        await scheduler.receive(pending: 0, connectivity: .online)
        #expect(await scheduler.runs == 0)
    }

    @Test func somethingPending_syncsAtOnceAndAgainForTheNextSale() async {
        // Given a store that takes everything
        let stub = StubSync([])
        let scheduler = makeScheduler(stub, clock: ManualClock())

        // When a sale waits, then is sent (0 pending), then another sale waits
        await scheduler.receive(pending: 1, connectivity: .notChecked)
        await scheduler.receive(pending: 0, connectivity: .online)
        await scheduler.receive(pending: 1, connectivity: .online)

        // Then it synced once per sale, and no timer waits
        #expect(await scheduler.runs == 2)
        #expect(await !scheduler.isWaiting)
    }

    @Test func unreachable_backsOffWithGrowingJitteredDelaysOnTheClock() async {
        // Given a store that cannot be reached twice, then answers
        let clock = ManualClock()
        let stub = StubSync([.unreachable, .unreachable, .finished(remaining: 0)])
        let scheduler = makeScheduler(stub, clock: clock)
        var random = SeededRandom(seed: Self.seed)
        let first = Self.backoff.delay(afterAttempt: 1, using: &random)
        let second = Self.backoff.delay(afterAttempt: 2, using: &random)
        var runs = stub.runs.makeAsyncIterator()

        // When a sale waits
        await scheduler.receive(pending: 1, connectivity: .notChecked)
        #expect(await runs.next() == 1)

        // Then it waits the first delay, even when another sale comes in
        await clock.waitForSleeper(dueIn: first)
        await scheduler.receive(pending: 2, connectivity: .offline(lastError: "no route"))
        #expect(await scheduler.runs == 1)
        clock.advance(by: first - .milliseconds(1))
        #expect(await scheduler.runs == 1)
        clock.advance(by: .milliseconds(1))
        #expect(await runs.next() == 2)

        // And after the second failure a longer one (exponential, half of it random), then it is sent
        await clock.waitForSleeper(dueIn: second)
        #expect(first >= .milliseconds(2500) && first <= .seconds(5))
        #expect(second >= .seconds(5) && second <= .seconds(10))
        clock.advance(by: second)
        #expect(await runs.next() == 3)
        #expect(await scheduler.runs == 3)
    }

    @Test func connectivityReturns_retriesQuicklyInsteadOfSittingOutTheBackoff() async {
        // Given a sync that found the store unreachable and now backs off
        let clock = ManualClock()
        let stub = StubSync([.unreachable, .finished(remaining: 0)])
        let scheduler = makeScheduler(stub, clock: clock)
        var runs = stub.runs.makeAsyncIterator()
        await scheduler.receive(pending: 1, connectivity: .notChecked)
        await scheduler.receive(pending: 1, connectivity: .offline(lastError: "no route"))
        #expect(await runs.next() == 1)

        // When the store answers again (the operator's "sync now" got through)
        await scheduler.receive(pending: 1, connectivity: .online)

        // Then the next try comes after the quick retry, not the backoff
        await clock.waitForSleeper(dueIn: .seconds(1))
        clock.advance(by: .seconds(1))
        #expect(await runs.next() == 2)
    }

    @Test func entriesLeftWaiting_areTriedAgainAfterABackoff() async {
        // Given a sync that left one entry backing off inside the engine
        let clock = ManualClock()
        let stub = StubSync([.finished(remaining: 1), .finished(remaining: 0)])
        let scheduler = makeScheduler(stub, clock: clock)
        var random = SeededRandom(seed: Self.seed)
        let first = Self.backoff.delay(afterAttempt: 1, using: &random)
        var runs = stub.runs.makeAsyncIterator()

        // When
        await scheduler.receive(pending: 1, connectivity: .online)
        #expect(await runs.next() == 1)
        await clock.waitForSleeper(dueIn: first)
        clock.advance(by: first)

        // Then
        #expect(await runs.next() == 2)
    }

    @Test func stop_cancelsTheWaitingRetry() async {
        let clock = ManualClock()
        let stub = StubSync([.unreachable])
        let scheduler = makeScheduler(stub, clock: clock)
        await scheduler.receive(pending: 1, connectivity: .notChecked)
        #expect(await scheduler.isWaiting)
        await scheduler.stop()
        #expect(await !scheduler.isWaiting)
        clock.advance(by: .seconds(600))
        #expect(await scheduler.runs == 1)
    }
}
