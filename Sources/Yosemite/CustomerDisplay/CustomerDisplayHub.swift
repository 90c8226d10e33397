import Foundation
import Logging
import POSFoundation
import Storage
import Synchronization

/// Publishes the ``CustomerDisplayState`` of the session: the current value first, then each change, to every
/// subscriber (the counter's `pos display` socket and its pole display). One per logged-in or demo session; it
/// starts on the first subscription and stops with its state, ending every subscriber's stream.
///
/// Its sources, none polled and no front reporting to it:
/// - the database, through GRDB's `ValueObservation` (`AppDatabase.customerDisplayChanges()`): the sale changed
///   last and its tenders, whether a shift is open, whether the sale's TSE transaction failed, and the attached
///   customer's name, re-read after every commit that touches them, whoever wrote it in this process (the
///   counter's edits, a cash tender, a card approval through the payment coordinator, `pos sell` run by the
///   counter);
/// - the session's event stream (``SessionEventHub``), for the card terminal's step, which the payment coordinator
///   reports there as the terminal's prompts arrive (it is not stored: a prompt lasts seconds).
public final class CustomerDisplayHub: Sendable {
    private let environment: AppEnvironment
    private let session: SessionEventHub?
    private let broadcast = Broadcast<CustomerDisplayState>(replaysLatest: true, buffering: 16)

    /// The cart a card step was reported on: the step holds while the sale keeps it.
    private struct CartKey: Hashable {
        var saleId: Int64
        var lines: [CustomerDisplayState.Line]
        var total: Money
        var paid: Money
    }

    private struct State {
        var tasks: [Task<Void, Never>] = []
        var started = false
        var stopped = false
        var current: CustomerDisplayState?
        /// The state the database gives, before the card step.
        var base: CustomerDisplayState?
        var baseKey: CartKey?
        /// The card step last reported, with the cart it was reported on.
        var step: SessionEvent.CardStep?
        var stepKey: CartKey?
    }

    private let state = Mutex(State())

    init(environment: AppEnvironment, session: SessionEventHub? = nil) {
        self.environment = environment
        self.session = session
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
        let tasks = state.locked { state in
            state.stopped = true
            defer { state.tasks = [] }
            return state.tasks
        }
        tasks.forEach { $0.cancel() }
        broadcast.finish()
    }

    private func start() {
        let first = state.locked { state -> Bool in
            defer { state.started = true }
            return !state.started && !state.stopped
        }
        guard first else { return }
        let environment = environment
        let changes = environment.database.customerDisplayChanges()
        var tasks = [Task { [weak self] in
            let service = SaleService(environment: environment)
            var first = true
            do {
                for try await source in changes {
                    defer { first = false }
                    var next: CustomerDisplayState
                    var key: CartKey?
                    // A sale already paid when the display starts (the counter restarted after it) is not
                    // thanked again: the next customer sees the welcome.
                    if let stored = source.sale, !(first && stored.order.state == .completed) {
                        next = CustomerDisplayState(sale: await service.summary(stored))
                        if next.phase == .paid {
                            // As the receipt prints it: its Bon number, or the order number without a register id
                            next.receiptNumber = stored.order.printedReceiptNumber ?? String(stored.order.localNumber)
                            next.tseOutage = source.fiscalFailed
                        }
                        if next.phase == .sale || next.phase == .paid { next.customerName = source.customerName }
                        key = CartKey(saleId: stored.id, lines: next.lines, total: next.total, paid: next.paid)
                    } else if let settings = try? await service.storeSettings() {
                        next = .idle(currency: settings.currency)
                    } else {
                        continue
                    }
                    // Between sales with no shift open, the counter is closed (a sale being rung up opens one when
                    // it is paid, so its cart is shown all the same).
                    if next.phase == .idle, !source.shiftOpen { next = .closed(currency: next.total.currency) }
                    self?.update { state in
                        state.base = next
                        state.baseKey = key
                    }
                }
            } catch is CancellationError {
            } catch {
                environment.logger.error("customer display: the database observation stopped: \(error)")
            }
        }]
        if let session {
            let events = session.events()
            tasks.append(Task { [weak self] in
                var last: SessionEvent.CardStep?
                for await event in events where event.cardStep != last {
                    last = event.cardStep
                    self?.update { state in
                        state.step = event.cardStep
                        state.stepKey = state.baseKey
                    }
                }
            })
        }
        let kept = state.locked { state -> Bool in
            guard !state.stopped else { return false }
            state.tasks = tasks
            return true
        }
        if !kept { tasks.forEach { $0.cancel() } }
    }

    /// Changes the inputs and publishes what the display shows now: the database's state, with the card step while
    /// the sale is being paid and its cart is the one the step was reported on (a changed cart, a tender or
    /// the payment's end drops it).
    private func update(_ change: (inout State) -> Void) {
        state.locked { state in
            change(&state)
            guard !state.stopped, var next = state.base else { return }
            if let step = state.step, let key = state.baseKey {
                if next.phase == .sale, step.saleId == key.saleId, state.stepKey == key {
                    next.cardStep = step.step
                } else if state.stepKey != key {
                    state.step = nil
                    state.stepKey = nil
                }
            }
            guard state.current != next else { return }
            state.current = next
            broadcast.send(next)
        }
    }
}
