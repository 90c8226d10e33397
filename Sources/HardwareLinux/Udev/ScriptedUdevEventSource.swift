import Foundation
import Glibc
import POSFoundation
import Synchronization

/// A TEST HOOK: a ``UdevEventSource`` that reads uevents from a file (a FIFO) instead of libudev's netlink
/// socket, so an end-to-end test can plug and unplug a terminal in a `pos` process on a machine without USB.
///
/// `pos` uses it only when `POS_TEST_UDEV_EVENTS` names the file (see `LiveDevices` in pos). Everything above
/// the libudev boundary stays real: ``UdevEvent/deviceEvent`` parsing, ``LinuxDeviceMonitor``'s table of known
/// terminals, presence, the reader service and the screens.
///
/// One event per line, as `udevadm monitor --property` would show it: the action, the subsystem, the device
/// type (`-` for none), then `KEY=VALUE` properties:
///
/// ```
/// add usb usb_device PRODUCT=b00/80/100 BUSNUM=001 DEVNUM=004
/// remove usb usb_device PRODUCT=b00/80/100 BUSNUM=001 DEVNUM=004
/// ```
///
/// The file is read on a thread of its own, from the first subscription on; when a writer closes a FIFO, it is
/// opened again for the next one (a regular file is read once).
public final class ScriptedUdevEventSource: UdevEventSource {
    private struct State {
        var started = false
        var reading = false
        var stopped = false
    }

    /// The file events are read from.
    public let path: String
    private let state = Mutex(State())
    private let events = Broadcast<UdevEvent>(replaysLatest: false, buffering: 256)

    public init(path: String) {
        self.path = path
    }

    public func start() async throws(UdevError) {
        state.locked { $0.started = true }
        readWhenReady()
    }

    /// Starts reading once started and followed, so no scripted line is read before anyone listens.
    private func readWhenReady() {
        let launch = state.locked { state -> Bool in
            guard state.started, !state.reading, !state.stopped, events.hasSubscribers else { return false }
            state.reading = true
            return true
        }
        guard launch else { return }
        let thread = Thread { [weak self] in self?.readLoop() }
        thread.name = "pos.udev.scripted"
        thread.start()
    }

    public func stop() {
        state.locked { $0.stopped = true }
        events.finish()
    }

    public func rawEvents() -> AsyncStream<UdevEvent> {
        let stream = events.subscribe()
        readWhenReady()
        return stream
    }

    /// Parses one line; `nil` for a blank line, a comment or a line without action and subsystem.
    public static func parse(_ line: String) -> UdevEvent? {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard words.count >= 2, !words[0].hasPrefix("#") else { return nil }
        var properties: [String: String] = [:]
        for word in words.dropFirst(3) {
            guard let equals = word.firstIndex(of: "=") else { continue }
            properties[String(word[..<equals])] = String(word[word.index(after: equals)...])
        }
        let deviceType = words.count > 2 && words[2] != "-" ? words[2] : nil
        return UdevEvent(action: words[0], subsystem: words[1], deviceType: deviceType,
                         syspath: properties["DEVPATH"].map { "/sys" + $0 } ?? "/sys/devices/scripted",
                         deviceNode: properties["DEVNAME"], properties: properties)
    }

    private func readLoop() {
        while !state.locked({ $0.stopped }) {
            // Opening a FIFO blocks until a writer opens it; each writer's lines are read until it closes.
            guard let file = fopen(path, "r") else { return }
            var buffer = [CChar](repeating: 0, count: 4096)
            while fgets(&buffer, Int32(buffer.count), file) != nil {
                let text = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
                let line = String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                guard let event = Self.parse(line) else { continue }
                events.send(event)
            }
            fclose(file)
            // A regular file is read once; only a FIFO waits for its next writer.
            var info = stat()
            guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFIFO else { return }
        }
    }
}
