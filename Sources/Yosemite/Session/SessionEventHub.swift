import Foundation
import Hardware
import Logging
import POSFoundation
import Storage
import Synchronization

/// Gathers the session's facts into one ``SessionEvent`` and hands it to every subscriber: the current value
/// first, then each change. One per session state; it starts on the first subscription and stops with its state
/// (logging out, or moving to another store), ending every subscriber's stream.
///
/// Its sources, none of them polled:
/// - the database, through GRDB's `ValueObservation` (`AppDatabase.observeSessionSnapshot()`): what waits to sync,
///   parked entries and sales, unresolved card payments, the open TSE outage, the last receipt's print;
/// - the sync engine's ``ConnectivityMonitor`` (online, or offline with the last error);
/// - the environment's ``DeviceMonitor`` through ``DevicePresence`` (known terminals plugged in);
/// - the card-reader service (connected reader) and the payment coordinator (busy), which report here.
public final class SessionEventHub: Sendable {
    /// What the sync engine saw of the store; shared with the sync store and the scheduler of the state.
    public let connectivity: ConnectivityMonitor
    private let database: AppDatabase
    /// Watched for other processes' commits and settings (``DirectoryWatcher``).
    private let dataDirectory: URL
    /// For the TSE probe while an outage is open.
    private let environment: AppEnvironment
    /// Which terminals are plugged in (when the environment has a device monitor); followed once started.
    let presence: DevicePresence?
    private let logger: Logger
    private let isDemo: Bool

    private struct State {
        var current = SessionEvent()
        var tasks: [Task<Void, Never>] = []
        var started = false
        var stopped = false
        var busyOperations = 0
    }

    private let state = Mutex(State())
    /// The subscribers: each gets the current value first.
    private let broadcast: Broadcast<SessionEvent>

    init(environment: AppEnvironment, isDemo: Bool, connectivity: ConnectivityMonitor = ConnectivityMonitor()) {
        self.connectivity = connectivity
        database = environment.database
        dataDirectory = environment.dataDirectory
        self.environment = environment
        presence = environment.deviceMonitor.map(DevicePresence.init(monitor:))
        logger = environment.logger
        self.isDemo = isDemo
        var initial = SessionEvent()
        if isDemo { initial.connectivity = .demo }
        state.locked { $0.current = initial }
        broadcast = Broadcast(replaysLatest: true, initial: initial, buffering: 32)
    }

    deinit { stop() }

    /// The current session event, then every change, until the session ends (the stream then finishes).
    public func events() -> AsyncStream<SessionEvent> {
        let stream = broadcast.subscribe()
        start()
        return stream
    }

    /// The value now.
    public var current: SessionEvent { state.locked { $0.current } }

    /// Ends the session's stream: every source stops and every subscriber's stream finishes.
    func stop() {
        let tasks = state.locked { state in
            state.stopped = true
            defer { state.tasks = [] }
            return state.tasks
        }
        tasks.forEach { $0.cancel() }
        broadcast.finish()
        if let presence { Task { await presence.stop() } }
    }

    // MARK: - Reports from the stores

    /// An operation took (`true`) or released (`false`) the card reader.
    func readerBusy(_ busy: Bool) {
        update { event, state in
            state.busyOperations = max(0, state.busyOperations + (busy ? 1 : -1))
            event.reader.isBusy = state.busyOperations > 0
        }
    }

    /// A sale's card payment reached a step (the terminal's prompt kind, or its approval or decline).
    func cardStep(_ step: SessionEvent.CardStep) {
        update { event, _ in event.cardStep = step }
    }

    /// Follows a card-reader service's connected reader (an unexpected drop included).
    func follow(connectedReaders: AsyncStream<[CardReaderDescriptor]>) {
        let task = Task { [weak self] in
            for await readers in connectedReaders {
                self?.update { event, _ in
                    event.reader.connectedAddress = readers.first?.address.description
                    event.reader.connectedName = readers.first?.name
                }
            }
        }
        let kept = state.locked { state -> Bool in
            guard !state.stopped else { return false }
            state.tasks.append(task)
            return true
        }
        if !kept { task.cancel() }
    }

    /// Asks the TSE during an open outage; its answer ends the outage (the database observation then clears it).
    private func probeTSE() async {
        if await FiscalService(environment: environment).probeOpenOutage() {
            logger.info("session: the TSE answers again; the outage has ended")
        }
    }

    // MARK: - Sources

    private func start() {
        let first = state.locked { state -> Bool in
            defer { state.started = true }
            return !state.started && !state.stopped
        }
        guard first else { return }
        var tasks: [Task<Void, Never>] = []
        let observation = database.sessionSnapshots()
        let logger = logger
        tasks.append(Task { [weak self] in
            do {
                for try await snapshot in observation {
                    self?.update { event, _ in event.apply(snapshot) }
                }
            } catch is CancellationError {
            } catch {
                logger.error("session: the database observation stopped: \(error)")
            }
        })
        // Other processes' writes (`pos cashier add`, `pos sell`, `pos settings set` while the counter runs): GRDB's
        // observation sees only this process's commits, so the data directory's WAL and settings file are watched.
        do {
            let names = try DirectoryWatcher.changes(in: dataDirectory)
            let database = database
            tasks.append(Task { [weak self] in
                _ = try? await database.noticeOtherProcessesCommits()
                for await name in names {
                    if name.hasPrefix(AppEnvironment.FileName.database) {
                        do { try await database.noticeOtherProcessesCommits() } catch {
                            logger.warning("session: could not check for other processes' changes: \(error)")
                        }
                    } else if name == AppEnvironment.FileName.appSettings {
                        self?.update { event, _ in event.settingsRevision &+= 1 }
                    } else if name == AppEnvironment.FileName.tseSimulator, self?.current.fiscalOutage != nil {
                        // The demo's TSE switched back on (`pos fiscal simulate-outage off`): ask it now.
                        await self?.probeTSE()
                    }
                }
            })
        } catch {
            logger.warning("session: changes by other processes are not followed (\(error))")
        }
        // While a TSE outage is open, the TSE is asked once per probe interval (the checkout's own bound), so the
        // outage ends, and the status line's "TSE DOWN" goes, when the TSE answers again, sale or no sale.
        let clock = environment.clock
        let interval = environment.fiscalProbe.interval
        tasks.append(Task { [weak self] in
            while !Task.isCancelled {
                do { try await clock.sleep(for: interval) } catch { return }
                guard let self else { return }
                if self.current.fiscalOutage != nil { await self.probeTSE() }
            }
        })
        if !isDemo {
            let changes = connectivity.changes()
            let monitor = connectivity
            tasks.append(Task { [weak self] in
                for await change in changes {
                    self?.update { event, _ in
                        event.connectivity = switch change {
                        case .unknown: .notChecked
                        case .online: .online
                        case .offline: .offline(lastError: monitor.lastError)
                        }
                    }
                }
            })
        }
        if let presence {
            let updates = presence.updates()
            tasks.append(Task { [weak self] in
                do { try await presence.start() } catch {
                    logger.warning("session: the device monitor did not start (\(error)); plugged terminals are not shown")
                    return
                }
                for await devices in updates {
                    self?.update { event, _ in event.reader.plugged = devices.compactMap(SessionEvent.PluggedReader.init) }
                }
            })
        }
        let kept = state.locked { state -> Bool in
            guard !state.stopped else { return false }
            state.tasks += tasks
            return true
        }
        if !kept { tasks.forEach { $0.cancel() } }
    }

    /// Changes the current value and hands it to the subscribers when it changed.
    private func update(_ change: (inout SessionEvent, inout State) -> Void) {
        state.locked { state in
            var event = state.current
            change(&event, &state)
            guard event != state.current, !state.stopped else { return }
            state.current = event
            // Sent under the lock, so subscribers see the changes in the order they were made.
            broadcast.send(event)
        }
    }
}

extension SessionEvent {
    /// Takes the database's part of the session.
    mutating func apply(_ snapshot: SessionSnapshot) {
        unsyncedOrders = snapshot.unsyncedOrders
        pendingEntries = snapshot.pendingEntries
        parkedEntries = snapshot.parkedEntries
        parkedSales = snapshot.parkedSales
        unresolvedPayments = snapshot.unresolvedPayments
        fiscalOutage = snapshot.fiscalOutage.map { FiscalOutage(since: $0.startedAt, cause: $0.cause) }
        training = snapshot.training
        cashierRosterVersion = snapshot.cashierRoster.hashValue
        printer = switch snapshot.lastPrint {
        case nil: .none
        case let print?:
            switch print.state {
            case .pending: .none
            case .printing: .printing(printer: print.printer)
            case .printed: .printed(printer: print.printer)
            case .failed: .failed(printer: print.printer, error: print.error ?? "failed")
            }
        }
    }
}

extension SessionEvent.PluggedReader {
    /// The plugged reader for a device, when it is a known terminal.
    init?(_ device: USBDeviceIdentity) {
        guard let known = KnownTerminal.matching(device) else { return nil }
        self.init(address: known.usbAddress.description, name: known.name, usbID: device.idString)
    }
}
