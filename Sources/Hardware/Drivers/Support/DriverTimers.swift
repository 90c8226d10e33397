/// The timers a driver actor runs for its state machine, on an injected clock.
///
/// Each start bumps a generation number; a timer that fires after it was cancelled or restarted carries an
/// old generation and is ignored (``fired(_:generation:)`` returns false), so a late wake-up never reaches
/// the state machine twice.
struct DriverTimers<Key: Hashable & Sendable>: Sendable {
    private var running: [Key: (generation: UInt64, task: Task<Void, Never>)] = [:]
    private var generation: UInt64 = 0

    /// Starts (or restarts) a timer; `fire` is called with the key and generation when it runs out.
    mutating func start(
        _ key: Key, after duration: Duration, clock: any Clock<Duration>,
        fire: @escaping @Sendable (Key, UInt64) async -> Void
    ) {
        running[key]?.task.cancel()
        generation += 1
        let current = generation
        let task = Task {
            do { try await clock.sleep(for: duration) } catch { return }
            await fire(key, current)
        }
        running[key] = (current, task)
    }

    /// Cancels a timer, if it runs.
    mutating func cancel(_ key: Key) {
        running.removeValue(forKey: key)?.task.cancel()
    }

    /// Cancels every timer.
    mutating func cancelAll() {
        for entry in running.values { entry.task.cancel() }
        running = [:]
    }

    /// True (and forgets the timer) when this firing belongs to the timer still running for `key`.
    mutating func fired(_ key: Key, generation: UInt64) -> Bool {
        guard running[key]?.generation == generation else { return false }
        running[key] = nil
        return true
    }
}
