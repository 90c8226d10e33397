import Foundation
import Logging
import POSFoundation
import Testing
@testable import Yosemite

/// The background catalog pull's schedule, on a manual clock with a stub pull: once when the counter starts, then
/// every interval, a failure waiting for the next tick; stopped, it pulls no more. Nothing sleeps.
@Suite(.timeLimit(.minutes(5)))
struct CatalogRefresherTests {
    /// A pull that answers from a script.
    final class StubPull: @unchecked Sendable {
        private let lock = NSLock()
        private var outcomes: [Bool]
        init(_ outcomes: [Bool]) { self.outcomes = outcomes }
        func run() -> Bool {
            lock.lock()
            defer { lock.unlock() }
            return outcomes.isEmpty ? true : outcomes.removeFirst()
        }
    }

    static let interval = CatalogRefresher.Configuration().interval

    func makeRefresher(_ stub: StubPull, clock: ManualClock) -> CatalogRefresher {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        return CatalogRefresher(pull: { stub.run() }, clock: clock, logger: logger)
    }

    @Test func start_pullsAtOnceThenEveryInterval() async {
        // Given
        let clock = ManualClock()
        let refresher = makeRefresher(StubPull([]), clock: clock)
        var finished = refresher.pullsFinished.makeAsyncIterator()

        // When the counter starts
        await refresher.start()

        // Then it pulls at once, and the next pull waits the whole interval
        #expect(await finished.next() == 1)
        await clock.waitForSleeper(dueIn: Self.interval)
        clock.advance(by: Self.interval - .seconds(1))
        #expect(await refresher.pulls == 1)
        clock.advance(by: .seconds(1))
        #expect(await finished.next() == 2)
    }

    @Test func failedPull_waitsForTheNextTickAndCountsTheFailure() async {
        // Given a store that cannot be reached once
        let clock = ManualClock()
        let refresher = makeRefresher(StubPull([false, true]), clock: clock)
        var finished = refresher.pullsFinished.makeAsyncIterator()

        // When
        await refresher.start()
        #expect(await finished.next() == 1)
        await clock.waitForSleeper(dueIn: Self.interval)
        clock.advance(by: Self.interval)

        // Then the next tick pulls again, and only the first failed
        #expect(await finished.next() == 2)
        #expect(await refresher.failures == 1)
    }

    @Test func startTwice_runsOneLoop_andStopEndsIt() async {
        // Given a started refresher, started again
        let clock = ManualClock()
        let refresher = makeRefresher(StubPull([]), clock: clock)
        var finished = refresher.pullsFinished.makeAsyncIterator()
        await refresher.start()
        await refresher.start()
        #expect(await finished.next() == 1)
        await clock.waitForSleeper(dueIn: Self.interval)

        // When it stops, then the interval passes
        await refresher.stop()
        clock.advance(by: Self.interval * 3)

        // Then no further pull ran
        #expect(await refresher.pulls == 1)
    }
}
