/// Where ``LinuxDeviceMonitor`` gets its hotplug uevents: ``UdevDeviceMonitor`` live, a scripted source in tests.
public protocol UdevEventSource: Sendable {
    /// Starts receiving.
    func start() async throws(UdevError)
    /// Stops receiving; the streams end.
    func stop()
    /// Every uevent from now on.
    func rawEvents() -> AsyncStream<UdevEvent>
}

extension UdevDeviceMonitor: UdevEventSource {}
