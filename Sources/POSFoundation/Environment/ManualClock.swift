import Synchronization

/// A clock that moves only when told: `advance(by:)` wakes every sleeper whose deadline has come.
///
/// Tests inject it wherever production code takes `any Clock<Duration>`, so time-dependent flows (reader
/// timeouts, backoff, receipt retries) run instantly and deterministically. It never sleeps for real.
public final class ManualClock: Clock, Sendable {
    public struct Instant: InstantProtocol, Sendable {
        public let offset: Duration
        public init(offset: Duration) { self.offset = offset }
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let id: UInt64
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var nextID: UInt64 = 0
        var sleepers: [Sleeper] = []
        var waitersForSleepers: [(id: UInt64, count: Int, continuation: CheckedContinuation<Void, Never>)] = []
        var waitersForDeadline: [(id: UInt64, deadline: Instant, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    public init() {}

    public var now: Instant { state.locked { $0.now } }
    public var minimumResolution: Duration { .zero }

    /// How many tasks are sleeping on this clock now.
    public var sleeperCount: Int { state.locked { $0.sleepers.count } }

    /// Suspends until a task sleeps until exactly `duration` from now: the timer of that length has started (and
    /// the clock has not moved since), so a test can advance to it without racing the code that starts it. No
    /// wall-clock waiting and no polling is involved.
    public func waitForSleeper(dueIn duration: Duration) async {
        let id = nextID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.locked { state -> Bool in
                    let deadline = state.now.advanced(by: duration)
                    if Task.isCancelled || state.sleepers.contains(where: { $0.deadline == deadline }) { return true }
                    state.waitersForDeadline.append((id, deadline, continuation))
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            resumeWaiter(id)
        }
    }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = nextID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow = state.locked { state -> Bool in
                    if deadline <= state.now || Task.isCancelled { return true }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    resumeWaiters(&state)
                    return false
                }
                if resumeNow {
                    if Task.isCancelled { continuation.resume(throwing: CancellationError()) } else { continuation.resume() }
                }
            }
        } onCancel: {
            let sleeper = state.locked { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward and resumes every sleeper whose deadline is now due, earliest first.
    public func advance(by duration: Duration) {
        let due = state.locked { state -> [Sleeper] in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Suspends until at least `count` tasks sleep on this clock: await this before `advance(by:)` so the
    /// code under test has reached its timer. No wall-clock waiting is involved.
    ///
    /// Both waits return when the waiting task is cancelled (a test's time limit ran out): the test then fails on its
    /// expectations instead of hanging the whole run on a timer the code never started.
    public func waitForSleepers(count: Int = 1) async {
        let id = nextID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.locked { state -> Bool in
                    if Task.isCancelled || state.sleepers.count >= count { return true }
                    state.waitersForSleepers.append((id, count, continuation))
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            resumeWaiter(id)
        }
    }

    private func nextID() -> UInt64 {
        state.locked { state in
            state.nextID += 1
            return state.nextID
        }
    }

    /// Resumes the waiter `id` (its task was cancelled), if it still waits.
    private func resumeWaiter(_ id: UInt64) {
        let continuation = state.locked { state -> CheckedContinuation<Void, Never>? in
            if let index = state.waitersForSleepers.firstIndex(where: { $0.id == id }) {
                return state.waitersForSleepers.remove(at: index).continuation
            }
            if let index = state.waitersForDeadline.firstIndex(where: { $0.id == id }) {
                return state.waitersForDeadline.remove(at: index).continuation
            }
            return nil
        }
        continuation?.resume()
    }

    private func resumeWaiters(_ state: inout State) {
        let count = state.sleepers.count
        let ready = state.waitersForSleepers.filter { $0.count <= count }
        state.waitersForSleepers.removeAll { $0.count <= count }
        for waiter in ready { waiter.continuation.resume() }
        let deadlines = Set(state.sleepers.map(\.deadline))
        let due = state.waitersForDeadline.filter { deadlines.contains($0.deadline) }
        state.waitersForDeadline.removeAll { deadlines.contains($0.deadline) }
        for waiter in due { waiter.continuation.resume() }
    }
}
