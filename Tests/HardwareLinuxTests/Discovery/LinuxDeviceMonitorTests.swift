import Hardware
import HardwareLinux
import Synchronization
import Testing

/// A ``UdevEventSource`` that emits the uevents a test scripts.
final class ScriptedUdevSource: UdevEventSource {
    private let continuations = Mutex<[AsyncStream<UdevEvent>.Continuation]>([])
    private let started = Mutex(false)

    var isStarted: Bool { started.withLock { $0 } }

    func start() async throws(UdevError) { started.withLock { $0 = true } }

    func stop() {
        for continuation in continuations.withLock({ $0 }) { continuation.finish() }
    }

    func rawEvents() -> AsyncStream<UdevEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: UdevEvent.self)
        continuations.withLock { $0.append(continuation) }
        return stream
    }

    func emit(_ event: UdevEvent) {
        for continuation in continuations.withLock({ $0 }) { continuation.yield(event) }
    }
}

@Suite struct LinuxDeviceMonitorTests {
    static func usbEvent(_ action: String, product: String) -> UdevEvent {
        UdevEvent(action: action, subsystem: "usb", deviceType: "usb_device", syspath: "/sys/devices/usb1/1-2",
                  properties: ["PRODUCT": product, "BUSNUM": "001", "DEVNUM": "009"])
    }

    @Test func currentDevices_terminalAndHubPresent_listsOnlyTheKnownTerminal() async throws {
        // Given
        let monitor = LinuxDeviceMonitor(enumerator: LibUSBDeviceEnumerator(api: FakeCDCACMDevice()), udev: ScriptedUdevSource())

        // When
        let devices = try await monitor.currentDevices()

        // Then
        #expect(devices == [USBDeviceIdentity(vendorID: 0x0B00, productID: 0x0080, busAddress: "001/004")])
    }

    @Test func events_plugAndUnplug_passOnKnownTerminalsOnly() async throws {
        // Given
        let source = ScriptedUdevSource()
        let monitor = LinuxDeviceMonitor(enumerator: LibUSBDeviceEnumerator(api: FakeCDCACMDevice()), udev: source)
        try await monitor.start()
        let events = monitor.events()

        // When: a keyboard, a terminal's interface, the terminal, then the terminal leaves
        source.emit(Self.usbEvent("add", product: "46d/c31c/110"))
        source.emit(UdevEvent(action: "add", subsystem: "usb", deviceType: "usb_interface", syspath: "/x", properties: ["PRODUCT": "79b/28/100"]))
        source.emit(Self.usbEvent("add", product: "79b/28/100"))
        source.emit(Self.usbEvent("remove", product: "79b/28/100"))
        monitor.stop()

        // Then
        var received: [DeviceEvent] = []
        for await event in events { received.append(event) }
        let terminal = USBDeviceIdentity(vendorID: 0x079B, productID: 0x0028, busAddress: "001/009")
        #expect(received == [.added(terminal), .removed(terminal)])
        #expect(source.isStarted)
    }
}
