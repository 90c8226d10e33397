import Foundation
import Hardware
import HardwareLinux

/// The composition seam for USB hotplug: the live ``DeviceMonitor`` of a pos process.
enum LiveDevices {
    /// The environment variable of the test hook: a FIFO of scripted uevents (``ScriptedUdevEventSource``) that
    /// replaces libudev's netlink monitor, for end-to-end tests on machines without USB. Never set in a store.
    static let testHookVariable = "POS_TEST_UDEV_EVENTS"

    /// The known terminals libusb sees at start, then udev's adds and removes (or the test hook's).
    static func monitor(environment: [String: String] = ProcessInfo.processInfo.environment) -> LinuxDeviceMonitor {
        let source: any UdevEventSource = environment[testHookVariable].map { ScriptedUdevEventSource(path: $0) }
            ?? UdevDeviceMonitor()
        return LinuxDeviceMonitor(enumerator: LibUSBDeviceEnumerator(api: LiveLibUSB()), udev: source)
    }
}
