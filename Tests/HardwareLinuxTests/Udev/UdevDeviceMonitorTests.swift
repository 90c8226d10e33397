import Foundation
import Hardware
import HardwareLinux
import Testing

/// Real uevents through libudev: a synthetic `change` on /sys/class/mem/null reaches the monitor. The "udev"
/// source needs systemd-udevd running (libudev mutes it otherwise), so that test starts a private daemon.
@Suite(.serialized) struct UdevDeviceMonitorTests {
    static let ueventPath = "/sys/class/mem/null/uevent"
    static let canTrigger = FileManager.default.isWritableFile(atPath: ueventPath)

    /// Writes "change" once (the monitor is bound, and udevd settled, before the write, so the event cannot be
    /// missed) and returns the stream's event for /dev/null. A 10 s guard stops the monitor, which ends the
    /// stream with `nil`, so a lost event fails the test instead of hanging it.
    private func firstNullEvent(_ stream: AsyncStream<UdevEvent>, monitor: UdevDeviceMonitor) async throws -> UdevEvent? {
        try Data("change".utf8).write(to: URL(fileURLWithPath: Self.ueventPath))
        let guardTask = Task {
            try await Task.sleep(for: .seconds(10))
            monitor.stop()
        }
        defer { guardTask.cancel() }
        for await event in stream where event.syspath.hasSuffix("/mem/null") {
            return event
        }
        return nil
    }

    @Test(.enabled(if: canTrigger, "needs write access to /sys/class/mem/null/uevent (root)"))
    func kernelMonitor_changeOnDevNull_receivesTheEvent() async throws {
        // Given
        let monitor = UdevDeviceMonitor(source: .kernel, subsystems: ["mem"])
        let stream = monitor.rawEvents()
        try await monitor.start()
        defer { monitor.stop() }

        // When
        let event = try await firstNullEvent(stream, monitor: monitor)

        // Then
        let received = try #require(event)
        #expect(received.action == "change")
        #expect(received.subsystem == "mem")
        #expect(received.syspath == "/sys/devices/virtual/mem/null")
        #expect(received.deviceEvent == nil)
    }

    @Test(.enabled(if: canTrigger && UdevDaemon.isInstalled, "needs root and systemd-udevd (apt-get install udev)"))
    func udevMonitor_changeOnDevNullWithUdevdRunning_receivesTheProcessedEvent() async throws {
        // Given
        let daemon = try await UdevDaemon.start()
        // The daemon is stopped (awaited: a `defer` cannot) before the test ends, also when it throws.
        let event: UdevEvent?
        do {
            let monitor = UdevDeviceMonitor(source: .udev, subsystems: ["mem"])
            let stream = monitor.rawEvents()
            try await monitor.start()
            defer { monitor.stop() }

            // When
            event = try await firstNullEvent(stream, monitor: monitor)
        } catch {
            await daemon.stop()
            throw error
        }
        await daemon.stop()

        // Then: udevd processed it (it adds the device node)
        let received = try #require(event, "no event from udevd")
        #expect(received.action == "change")
        #expect(received.deviceNode == "/dev/null")
    }

    @Test func stop_beforeAnyEvent_endsTheStreams() async throws {
        // Given
        let monitor = UdevDeviceMonitor(source: .kernel, subsystems: ["mem"])
        let stream = monitor.events()
        try await monitor.start()

        // When
        monitor.stop()

        // Then
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == nil)
    }

    @Test func currentDevices_machineWithoutUSB_returnsWithoutThrowing() async throws {
        // Given: this kernel has no USB at all; the call must still work and list nothing unknown
        let monitor = UdevDeviceMonitor()

        // When
        let devices = try await monitor.currentDevices()

        // Then
        #expect(devices.allSatisfy { $0.vendorID != 0 })
    }
}
