/// Tells when payment terminals (and printers) appear and disappear.
///
/// The live implementation (HardwareLinux) enumerates USB devices through libusb at start and then listens to
/// udev's netlink monitor; tests feed scripted events. Events are matched against the table of known terminals.
public protocol DeviceMonitor: Sendable {
    /// Starts listening (before anything is enumerated, so no plug event falls in between). Calling it again does
    /// nothing; a monitor that needs no start (a test double) does nothing.
    func start() async throws

    /// The devices present now.
    func currentDevices() async throws -> [USBDeviceIdentity]

    /// Every add and remove from now on. The sequence ends when the monitor stops.
    func events() -> AsyncStream<DeviceEvent>
}

extension DeviceMonitor {
    public func start() async throws {}
}

/// A USB device as udev and libusb see it.
public struct USBDeviceIdentity: Hashable, Sendable, CustomStringConvertible {
    public let vendorID: UInt16
    public let productID: UInt16
    /// Bus and device numbers ("001/004"), when known.
    public let busAddress: String?
    /// The serial number, when the device reports one.
    public let serialNumber: String?
    /// The kernel's device node for its serial interface (`/dev/ttyACM0`), when a driver bound one.
    public let ttyPath: String?

    public init(vendorID: UInt16, productID: UInt16, busAddress: String? = nil, serialNumber: String? = nil, ttyPath: String? = nil) {
        self.vendorID = vendorID
        self.productID = productID
        self.busAddress = busAddress
        self.serialNumber = serialNumber
        self.ttyPath = ttyPath
    }

    /// "0b00:0080" — lower-case hex, as in reader addresses.
    public var idString: String { hex4(vendorID) + ":" + hex4(productID) }

    public var description: String { "usb \(idString)" + (busAddress.map { " at \($0)" } ?? "") }
}

/// A device was plugged in or pulled out.
public enum DeviceEvent: Hashable, Sendable {
    case added(USBDeviceIdentity)
    case removed(USBDeviceIdentity)
}

func hex4(_ value: UInt16) -> String {
    let text = String(value, radix: 16)
    return String(repeating: "0", count: 4 - text.count) + text
}
