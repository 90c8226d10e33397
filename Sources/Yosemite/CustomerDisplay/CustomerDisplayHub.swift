import Foundation
import Logging
import POSFoundation
import Storage
import Synchronization

/// Publishes the ``CustomerDisplayState`` of the session: the current value first, then each change, to every
/// subscriber (the counter's `pos display` socket and its pole display). One per logged-in or demo session; it
/// starts on the first subscription and stops with its state, ending every subscriber's stream.
///
/// Its one source is the database, through GRDB's `ValueObservation` (`AppDatabase.latestSaleChanges()`): the
/// sale changed last and its tenders, re-read after every commit that touches them, whoever wrote it in this
/// process (the counter's edits, a cash tender, a card approval through the payment coordinator, `pos sell`
/// run by the counter). Nothing is polled and no front reports to it.
public final class CustomerDisplayHub: Sendable {
    private let environment: AppEnvironment
    private let broadcast = Broadcast<CustomerDisplayState>(replaysLatest: true, buffering: 16)

    private struct State {
        var task: Task<Void, Never>?
        var started = false
        var stopped = false
        var current: CustomerDisplayState?
    }

    private let state = Mutex(State())

    init(environment: AppEnvironment) {
        self.environment = environment
    }

    deinit { stop() }

    /// The current state (once known), then every change, until the session ends.
    public func states() -> AsyncStream<CustomerDisplayState> {
        let stream = broadcast.subscribe()
        start()
        return stream
    }

    /// Ends the stream of every subscriber.
    func stop() {
        let task = state.withLock { state in
            state.stopped = true
            defer { state.task = nil }
            return state.task
        }
        task?.cancel()
        broadcast.finish()
    }

    private func start() {
        let first = state.withLock { state -> Bool in
            defer { state.started = true }
            return !state.started && !state.stopped
        }
        guard first else { return }
        let environment = environment
        let changes = environment.database.latestSaleChanges()
        let task = Task { [weak self] in
            let service = SaleService(environment: environment)
            var first = true
            do {
                for try await stored in changes {
                    defer { first = false }
                    let next: CustomerDisplayState
                    // A sale already paid when the display starts (the counter restarted after it) is not
                    // thanked again: the next customer sees the welcome.
                    if let stored, !(first && stored.order.state == .completed) {
                        next = CustomerDisplayState(sale: await service.summary(stored))
                    } else if let settings = try? await service.storeSettings() {
                        next = .idle(currency: settings.currency)
                    } else {
                        continue
                    }
                    self?.publish(next)
                }
            } catch is CancellationError {
            } catch {
                environment.logger.error("customer display: the database observation stopped: \(error)")
            }
        }
        let kept = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            state.task = task
            return true
        }
        if !kept { task.cancel() }
    }

    private func publish(_ next: CustomerDisplayState) {
        state.withLock { state in
            guard !state.stopped, state.current != next else { return }
            state.current = next
            broadcast.send(next)
        }
    }
}
