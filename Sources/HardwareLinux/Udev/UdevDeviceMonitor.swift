import POSFoundation
import Dispatch
import Glibc
import Hardware
import Synchronization

/// A ``DeviceMonitor`` over libudev's netlink monitor: USB devices and USB serial TTYs appearing and
/// disappearing, read on the monitor's own thread (a dedicated dispatch queue, never the cooperative pool).
///
/// Use source `.udev` in production (events after udevd ran its rules, so permissions are in place). libudev
/// silently mutes that monitor when systemd-udevd is not running; `.kernel` (raw uevents) always works.
///
/// ```swift
/// let monitor = UdevDeviceMonitor()
/// try await monitor.start()
/// for await event in monitor.events() { … }
/// monitor.stop()
/// ```
public final class UdevDeviceMonitor: DeviceMonitor {
    /// Which netlink group to listen to.
    public enum Source: String, Sendable {
        /// After udevd processed the event (rules applied, ID_* properties added).
        case udev
        /// The kernel's raw uevent.
        case kernel
    }

    public let source: Source
    public let subsystems: [String]

    private struct State {
        var rawSubscribers: [Int: AsyncStream<UdevEvent>.Continuation] = [:]
        var nextID = 0
        var wake: (read: Int32, write: Int32) = (-1, -1)
        var running = false
        var stopped = false
    }

    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "pos.udev.monitor")

    /// A monitor for `subsystems` (USB devices and TTYs by default); nothing is received until ``start()``.
    public init(source: Source = .udev, subsystems: [String] = ["usb", "tty"]) {
        self.source = source
        self.subsystems = subsystems
    }

    deinit { stop() }

    /// Opens the netlink socket and starts the reading thread. Events from this point on are delivered.
    /// Calling it again while running, or after ``stop()``, does nothing (a stopped monitor stays stopped).
    public func start() async throws(UdevError) {
        let wake: (read: Int32, write: Int32)
        do throws(SystemCallError) {
            wake = try makeWakePipe()
        } catch {
            throw UdevError(call: error.call, code: -error.code)
        }
        let alreadyRunning = state.locked { state in
            if state.running || state.stopped { return true }
            state.wake = wake
            state.running = true
            return false
        }
        if alreadyRunning {
            // close(2) frees the descriptors even when it reports an error.
            _ = Glibc.close(wake.read)
            _ = Glibc.close(wake.write)
            return
        }
        let source = source.rawValue
        let subsystems = subsystems
        let result: Result<Void, UdevError> = await withCheckedContinuation { continuation in
            queue.async {
                let handle: UdevMonitorHandle
                do throws(UdevError) {
                    handle = try UdevMonitorHandle(source: source, subsystems: subsystems)
                } catch {
                    continuation.resume(returning: .failure(error))
                    return
                }
                continuation.resume(returning: .success(()))
                self.run(handle, wake: wake.read)
            }
        }
        if case .failure(let error) = result {
            stop()
            state.locked { state in
                // The reading loop never ran, so the pipe is released here (close(2) frees it even on error).
                _ = Glibc.close(state.wake.read)
                _ = Glibc.close(state.wake.write)
                state.wake = (-1, -1)
            }
            throw error
        }
    }

    /// Stops the thread and ends every event stream; safe to call twice.
    public func stop() {
        let subscribers = state.locked { state in
            defer {
                state.running = false
                state.stopped = true
                state.rawSubscribers = [:]
            }
            if state.wake.write >= 0 {
                // Written under the lock, so the reading thread cannot close the pipe in between. A full pipe
                // already holds a wake-up, so the result does not matter.
                var byte: UInt8 = 1
                _ = Glibc.write(state.wake.write, &byte, 1)
            }
            return Array(state.rawSubscribers.values)
        }
        for subscriber in subscribers { subscriber.finish() }
    }

    /// Every uevent for the monitored subsystems from now on.
    public func rawEvents() -> AsyncStream<UdevEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: UdevEvent.self, bufferingPolicy: .bufferingNewest(256))
        let id: Int? = state.locked { state in
            guard !state.stopped else { return nil }
            let id = state.nextID
            state.nextID += 1
            state.rawSubscribers[id] = continuation
            return id
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            self?.removeSubscriber(id)
        }
        return stream
    }

    public func events() -> AsyncStream<DeviceEvent> {
        let raw = rawEvents()
        return AsyncStream(bufferingPolicy: .bufferingNewest(256)) { continuation in
            let task = Task {
                for await event in raw {
                    if let deviceEvent = event.deviceEvent { continuation.yield(deviceEvent) }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The USB devices udev knows now (from its database, or sysfs).
    public func currentDevices() async throws -> [USBDeviceIdentity] {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result { () throws(UdevError) -> [USBDeviceIdentity] in
                    try UdevMonitorHandle.enumerate(subsystem: "usb", deviceType: "usb_device").compactMap(\.usbIdentity)
                })
            }
        }
    }

    // MARK: - Private

    private func removeSubscriber(_ id: Int) {
        _ = state.locked { $0.rawSubscribers.removeValue(forKey: id) }
    }

    /// The reading loop: waits on the netlink socket and the wake pipe, forwards events, ends on ``stop()``.
    private func run(_ handle: UdevMonitorHandle, wake: Int32) {
        var entries = [pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        while state.locked({ $0.running }) {
            let ready = poll(&entries, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            if entries[1].revents != 0 { break }
            while let event = handle.receive() {
                let subscribers = state.locked { Array($0.rawSubscribers.values) }
                for subscriber in subscribers { subscriber.yield(event) }
            }
        }
        state.locked { state in
            // close(2) frees the descriptor even when it reports an error.
            if state.wake.read >= 0 { _ = Glibc.close(state.wake.read) }
            if state.wake.write >= 0 { _ = Glibc.close(state.wake.write) }
            state.wake = (-1, -1)
        }
    }
}
