import Hardware

/// One uevent as libudev reports it: the action, where the device sits, and its properties.
public struct UdevEvent: Hashable, Sendable {
    /// "add", "remove", "change", "bind", … (empty for an enumerated device).
    public var action: String
    public var subsystem: String
    /// "usb_device", "usb_interface", … when the kernel gives one.
    public var deviceType: String?
    /// The sysfs path, e.g. "/sys/devices/virtual/mem/null".
    public var syspath: String
    /// The device node, e.g. "/dev/ttyACM0".
    public var deviceNode: String?
    /// The environment of the event (ID_VENDOR_ID, PRODUCT, BUSNUM, DEVNAME, …).
    public var properties: [String: String]

    public init(action: String, subsystem: String, deviceType: String? = nil, syspath: String, deviceNode: String? = nil,
                properties: [String: String] = [:]) {
        self.action = action
        self.subsystem = subsystem
        self.deviceType = deviceType
        self.syspath = syspath
        self.deviceNode = deviceNode
        self.properties = properties
    }

    /// The USB identity of a USB device or of a USB serial TTY, when the event carries one.
    public var usbIdentity: USBDeviceIdentity? {
        var vendor = properties["ID_VENDOR_ID"].flatMap { UInt16($0, radix: 16) }
        var product = properties["ID_MODEL_ID"].flatMap { UInt16($0, radix: 16) }
        if vendor == nil || product == nil, subsystem == "usb", let ids = properties["PRODUCT"] {
            // The kernel's own form: "b00/80/100" (vendor/product/bcdDevice, hex without leading zeros).
            let parts = ids.split(separator: "/")
            if parts.count >= 2 {
                vendor = UInt16(parts[0], radix: 16)
                product = UInt16(parts[1], radix: 16)
            }
        }
        guard let vendor, let product else { return nil }
        var busAddress: String?
        if let bus = properties["BUSNUM"], let device = properties["DEVNUM"] { busAddress = bus + "/" + device }
        return USBDeviceIdentity(
            vendorID: vendor, productID: product, busAddress: busAddress, serialNumber: properties["ID_SERIAL_SHORT"],
            ttyPath: subsystem == "tty" ? (deviceNode ?? properties["DEVNAME"]) : nil
        )
    }

    /// The plug event this uevent means: an added or removed USB device (`usb_device`) or USB serial TTY.
    public var deviceEvent: DeviceEvent? {
        let relevant = (subsystem == "usb" && deviceType == "usb_device") || subsystem == "tty"
        guard relevant, let identity = usbIdentity else { return nil }
        switch action {
        case "add": return .added(identity)
        case "remove": return .removed(identity)
        default: return nil
        }
    }
}
