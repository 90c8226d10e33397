import FoundationEssentials
import POSFoundation
import Testing

struct ManualClockTests {
    @Test func sleep_resumesOnlyWhenAdvancedPastDeadline() async throws {
        // Given
        let clock = ManualClock()
        let task = Task { try await clock.sleep(for: .seconds(5)) }
        await clock.waitForSleepers(count: 1)
        // When
        clock.advance(by: .seconds(4))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(1))
        // Then
        try await task.value
        #expect(clock.sleeperCount == 0)
    }

    @Test func waitForSleeper_dueIn_returnsOnceATimerOfThatLengthSleeps() async throws {
        // Given: a 5 s timer already sleeping, a 15 s one started after the wait begins
        let clock = ManualClock()
        let short = Task { try await clock.sleep(for: .seconds(5)) }
        await clock.waitForSleepers(count: 1)
        let waiting = Task { await clock.waitForSleeper(dueIn: .seconds(15)) }
        let long = Task { try await clock.sleep(for: .seconds(15)) }
        // When
        await waiting.value
        clock.advance(by: .seconds(15))
        // Then
        try await short.value
        try await long.value
        #expect(clock.sleeperCount == 0)
    }

    @Test func sleep_cancelled_throwsCancellation() async {
        let clock = ManualClock()
        let task = Task { try await clock.sleep(for: .seconds(5)) }
        await clock.waitForSleepers(count: 1)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    /// A test whose time limit runs out while it waits for a timer the code never started must fail, not hang the
    /// run: both waits return when their task is cancelled.
    @Test func waitsForSleepers_cancelled_return() async {
        let clock = ManualClock()
        let forSleepers = Task { await clock.waitForSleepers(count: 1) }
        let forDeadline = Task { await clock.waitForSleeper(dueIn: .seconds(5)) }
        forSleepers.cancel()
        forDeadline.cancel()
        await forSleepers.value
        await forDeadline.value
        #expect(clock.sleeperCount == 0)
    }

    @Test func uuidGenerator_incrementing_isOrderedAndUnique() {
        let uuid = UUIDGenerator.incrementing()
        #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000000")
        #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000001")
        #expect(uuid.client().description == "00000000-0000-0000-0000-000000000002")
    }
}
