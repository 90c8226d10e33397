import CUdev
import Glibc

/// A libudev context and netlink monitor: the only file that imports `CUdev`.
///
/// Owned by the monitor's own thread; it releases its handles in `deinit` and is not `Sendable`.
final class UdevMonitorHandle {
    private let udev: OpaquePointer
    private let monitor: OpaquePointer

    /// Opens a monitor on `source` ("udev": events after udevd processed them; "kernel": raw uevents) filtered to
    /// `subsystems`, and starts receiving.
    init(source: String, subsystems: [String]) throws(UdevError) {
        guard let udev = udev_new() else { throw UdevError(call: "udev_new", code: 0) }
        guard let monitor = udev_monitor_new_from_netlink(udev, source) else {
            udev_unref(udev)
            throw UdevError(call: "udev_monitor_new_from_netlink(\(source))", code: 0)
        }
        self.udev = udev
        self.monitor = monitor
        for subsystem in subsystems {
            try udevCall("udev_monitor_filter_add_match_subsystem_devtype(\(subsystem))") {
                udev_monitor_filter_add_match_subsystem_devtype(monitor, subsystem, nil)
            }
        }
        try udevCall("udev_monitor_enable_receiving") { udev_monitor_enable_receiving(monitor) }
    }

    deinit {
        udev_monitor_unref(monitor)
        udev_unref(udev)
    }

    /// The netlink socket to poll.
    var fileDescriptor: Int32 { udev_monitor_get_fd(monitor) }

    /// The next queued event, or `nil` when none is ready (the socket is non-blocking).
    func receive() -> UdevEvent? {
        guard let device = udev_monitor_receive_device(monitor) else { return nil }
        defer { udev_device_unref(device) }
        return event(from: device)
    }

    /// The devices of `subsystem` present now (udev's database, or sysfs when udevd never ran).
    static func enumerate(subsystem: String, deviceType: String?) throws(UdevError) -> [UdevEvent] {
        guard let udev = udev_new() else { throw UdevError(call: "udev_new", code: 0) }
        defer { udev_unref(udev) }
        guard let enumerate = udev_enumerate_new(udev) else { throw UdevError(call: "udev_enumerate_new", code: 0) }
        defer { udev_enumerate_unref(enumerate) }
        try udevCall("udev_enumerate_add_match_subsystem") { udev_enumerate_add_match_subsystem(enumerate, subsystem) }
        if let deviceType {
            try udevCall("udev_enumerate_add_match_property") { udev_enumerate_add_match_property(enumerate, "DEVTYPE", deviceType) }
        }
        try udevCall("udev_enumerate_scan_devices") { udev_enumerate_scan_devices(enumerate) }
        var events: [UdevEvent] = []
        var entry = udev_enumerate_get_list_entry(enumerate)
        while let current = entry {
            entry = udev_list_entry_get_next(current)
            guard let path = udev_list_entry_get_name(current), let device = udev_device_new_from_syspath(udev, path) else { continue }
            events.append(event(from: device))
            udev_device_unref(device)
        }
        return events
    }
}

/// Owned by the monitor's thread; never shared.
@available(*, unavailable)
extension UdevMonitorHandle: Sendable {}

/// Copies what pos needs out of a libudev device.
private func event(from device: OpaquePointer) -> UdevEvent {
    func text(_ pointer: UnsafePointer<CChar>?) -> String? { pointer.map { String(cString: $0) } }
    var properties: [String: String] = [:]
    var entry = udev_device_get_properties_list_entry(device)
    while let current = entry {
        if let name = text(udev_list_entry_get_name(current)) {
            properties[name] = text(udev_list_entry_get_value(current)) ?? ""
        }
        entry = udev_list_entry_get_next(current)
    }
    return UdevEvent(
        action: text(udev_device_get_action(device)) ?? "",
        subsystem: text(udev_device_get_subsystem(device)) ?? "",
        deviceType: text(udev_device_get_devtype(device)),
        syspath: text(udev_device_get_syspath(device)) ?? "",
        deviceNode: text(udev_device_get_devnode(device)),
        properties: properties
    )
}

/// The funnel every libudev call that returns a status goes through: a negative result is `-errno`.
private func udevCall(_ name: String, _ body: () -> Int32) throws(UdevError) {
    let result = body()
    if result < 0 { throw UdevError(call: name, code: result) }
}
