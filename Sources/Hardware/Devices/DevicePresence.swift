import POSFoundation

/// Which USB devices a ``DeviceMonitor`` says are plugged in now, one per USB id: the one place that turns the
/// monitor's raw adds and removes into "appeared" and "disappeared", and lets a payment wait for its reader to
/// come back after a replug.
///
/// A device's TTY comes and goes with it (and whenever pos detaches the kernel driver to talk libusb), so only
/// the USB device itself counts; udev reporting a device twice is one appearance.
///
/// ```swift
/// let presence = DevicePresence(monitor: monitor)
/// let events = presence.events()          // subscribe before starting: nothing falls in between
/// try await presence.start()
/// for await event in events { … }         // .added / .removed, each once per plug
/// await presence.waitFor("0403:6001")     // returns once that reader is back
/// ```
public actor DevicePresence {
    private let monitor: any DeviceMonitor
    private var present: [String: USBDeviceIdentity] = [:]
    private var waiters: [(id: String, token: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private var nextToken = 0
    private var follower: Task<Void, Never>?
    private var starting = false
    private let changes = Broadcast<DeviceEvent>(replaysLatest: false)
    private let snapshots = Broadcast<[USBDeviceIdentity]>(replaysLatest: true)

    /// Presence over `monitor`; nothing is read until ``start()``.
    public init(monitor: any DeviceMonitor) {
        self.monitor = monitor
    }

    /// Starts the monitor, reads the devices present, then follows its events. Calling it again does nothing.
    public func start() async throws {
        guard !starting else { return }
        starting = true
        do { try await monitor.start() } catch {
            starting = false
            throw error
        }
        // Subscribed before enumerating, so a plug in between waits in the stream, and is applied (deduplicated
        // against the list) only after it.
        let stream = monitor.events()
        for device in (try? await monitor.currentDevices()) ?? [] where device.ttyPath == nil {
            present[device.idString] = device
        }
        publish()
        follower = Task { [weak self] in
            for await event in stream {
                guard let self else { return }
                await self.apply(event)
            }
        }
    }

    /// Whether ``start()`` ran (and ``stop()`` did not since).
    public var isStarted: Bool { follower != nil }

    /// Stops following the monitor (the monitor itself keeps running: it may serve others).
    public func stop() {
        follower?.cancel()
        follower = nil
        starting = false
    }

    /// The devices plugged in now, by USB id.
    public var devices: [USBDeviceIdentity] { present.keys.sorted().compactMap { present[$0] } }

    /// Whether a device with this USB id ("0403:6001") is plugged in.
    public func contains(_ id: String) -> Bool { present[id] != nil }

    /// Returns once a device with this USB id is plugged in (at once when it is), or when the task is cancelled.
    public func waitFor(_ id: String) async {
        if present[id] != nil { return }
        nextToken += 1
        let token = nextToken
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled { return continuation.resume() }
                waiters.append((id, token, continuation))
            }
        } onCancel: {
            Task { await self.release(token) }
        }
    }

    /// Whether a device with this USB id was plugged in at some moment within `timeout` on `clock`.
    ///
    /// It may be gone again by the time the caller acts (a removal that udev reports late is applied between this
    /// answer and the caller's next step): connecting tells, and ``ReplugRecovery`` waits again when it fails.
    /// Checking presence once more here made that race a "did not come back" after a cut payment.
    public func waitFor(_ id: String, timeout: Duration, clock: any Clock<Duration>) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask { await self.waitFor(id); return !Task.isCancelled }
            group.addTask {
                try? await clock.sleep(for: timeout)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }

    private func release(_ token: Int) {
        guard let index = waiters.firstIndex(where: { $0.token == token }) else { return }
        waiters.remove(at: index).continuation.resume()
    }

    /// Each appearance and disappearance from now on (not the devices present at start).
    public nonisolated func events() -> AsyncStream<DeviceEvent> { changes.subscribe() }

    /// The devices plugged in (after ``start()``), then the list after every change.
    public nonisolated func updates() -> AsyncStream<[USBDeviceIdentity]> { snapshots.subscribe() }

    /// Applies one monitor event (a test may call it directly).
    func apply(_ event: DeviceEvent) {
        switch event {
        case .added(let device) where device.ttyPath == nil:
            guard present[device.idString] == nil else { return }
            present[device.idString] = device
            let ready = waiters.filter { $0.id == device.idString }
            waiters.removeAll { $0.id == device.idString }
            for waiter in ready { waiter.continuation.resume() }
        case .removed(let device) where device.ttyPath == nil:
            guard present.removeValue(forKey: device.idString) != nil else { return }
        case .added, .removed:
            return
        }
        changes.send(event)
        publish()
    }

    private func publish() { snapshots.send(devices) }
}
