import Hardware

/// The live ``DeviceMonitor``: the known terminals libusb sees at start, then udev's add/remove events for them.
///
/// ```swift
/// let monitor = LinuxDeviceMonitor(enumerator: LibUSBDeviceEnumerator(api: LiveLibUSB()), udev: UdevDeviceMonitor())
/// try await monitor.start()
/// let present = try await monitor.currentDevices()
/// for await event in monitor.events() { … }   // .added / .removed, known terminals only
/// ```
public final class LinuxDeviceMonitor: DeviceMonitor {
    private let enumerator: LibUSBDeviceEnumerator
    private let udev: any UdevEventSource
    private let table: [KnownTerminal]

    public init(enumerator: LibUSBDeviceEnumerator, udev: any UdevEventSource, table: [KnownTerminal] = KnownTerminal.all) {
        self.enumerator = enumerator
        self.udev = udev
        self.table = table
    }

    /// Starts listening to udev (before anything is enumerated, so no plug event falls in between).
    public func start() async throws(UdevError) {
        try await udev.start()
    }

    /// Stops listening; the event streams end.
    public func stop() {
        udev.stop()
    }

    /// The known terminals plugged in now.
    public func currentDevices() async throws -> [USBDeviceIdentity] {
        try await enumerator.knownTerminals().map(\.device)
    }

    /// Adds and removes of known terminals (USB devices and their TTYs) from now on.
    public func events() -> AsyncStream<DeviceEvent> {
        let all = udev.rawEvents()
        let table = table
        return AsyncStream(bufferingPolicy: .bufferingNewest(64)) { continuation in
            let task = Task {
                for await uevent in all {
                    guard let event = uevent.deviceEvent else { continue }
                    let device: USBDeviceIdentity = switch event {
                    case .added(let device), .removed(let device): device
                    }
                    if table.contains(where: { $0.vendorID == device.vendorID && $0.productID == device.productID }) {
                        continuation.yield(event)
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
