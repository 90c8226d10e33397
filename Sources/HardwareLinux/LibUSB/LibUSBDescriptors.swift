/// An opaque reference to a device in the list ``LibUSBAPI/deviceList()`` returned (valid until the list is freed).
public struct LibUSBDeviceRef: Hashable, Sendable {
    public let id: Int
    public init(id: Int) { self.id = id }
}

/// An opaque reference to an open device handle.
public struct LibUSBHandleRef: Hashable, Sendable {
    public let id: Int
    public init(id: Int) { self.id = id }
}

/// The fields of `libusb_device_descriptor` pos uses, plus the device's bus position.
public struct LibUSBDeviceDescriptor: Hashable, Sendable {
    public var vendorID: UInt16
    public var productID: UInt16
    public var deviceClass: UInt8
    /// The string-descriptor index of the serial number (0 = none).
    public var serialNumberIndex: UInt8
    public var busNumber: UInt8
    public var address: UInt8

    public init(vendorID: UInt16, productID: UInt16, deviceClass: UInt8 = 0, serialNumberIndex: UInt8 = 0, busNumber: UInt8 = 1, address: UInt8 = 1) {
        self.vendorID = vendorID
        self.productID = productID
        self.deviceClass = deviceClass
        self.serialNumberIndex = serialNumberIndex
        self.busNumber = busNumber
        self.address = address
    }
}

/// One endpoint of an interface (`libusb_endpoint_descriptor`).
public struct LibUSBEndpointDescriptor: Hashable, Sendable {
    /// The transfer type (bmAttributes bits 0–1).
    public enum TransferType: UInt8, Hashable, Sendable { case control = 0, isochronous = 1, bulk = 2, interrupt = 3 }

    /// bEndpointAddress: bit 7 set = IN (device to host).
    public var address: UInt8
    public var transferType: TransferType
    public var maxPacketSize: UInt16

    public init(address: UInt8, transferType: TransferType, maxPacketSize: UInt16) {
        self.address = address
        self.transferType = transferType
        self.maxPacketSize = maxPacketSize
    }

    /// Whether data flows from the device to the host.
    public var isIn: Bool { address & 0x80 != 0 }
}

/// One interface (its first alternate setting) of the active configuration.
public struct LibUSBInterfaceDescriptor: Hashable, Sendable {
    public var number: UInt8
    public var interfaceClass: UInt8
    public var interfaceSubclass: UInt8
    public var interfaceProtocol: UInt8
    public var endpoints: [LibUSBEndpointDescriptor]

    public init(number: UInt8, interfaceClass: UInt8, interfaceSubclass: UInt8, interfaceProtocol: UInt8, endpoints: [LibUSBEndpointDescriptor]) {
        self.number = number
        self.interfaceClass = interfaceClass
        self.interfaceSubclass = interfaceSubclass
        self.interfaceProtocol = interfaceProtocol
        self.endpoints = endpoints
    }
}

/// The active configuration (`libusb_config_descriptor`), reduced to its interfaces.
public struct LibUSBConfigDescriptor: Hashable, Sendable {
    public var interfaces: [LibUSBInterfaceDescriptor]
    public init(interfaces: [LibUSBInterfaceDescriptor]) { self.interfaces = interfaces }
}

/// The outcome of a bulk transfer: libusb may move some bytes and still report an error (a timeout after a
/// partial transfer), so both are kept.
public struct LibUSBTransferOutcome: Hashable, Sendable {
    /// The bytes received (IN) — empty for OUT.
    public var bytes: [UInt8]
    /// How many bytes moved.
    public var transferred: Int
    /// The error, or `nil` on success.
    public var error: LibUSBError?

    public init(bytes: [UInt8] = [], transferred: Int, error: LibUSBError? = nil) {
        self.bytes = bytes
        self.transferred = transferred
        self.error = error
    }
}
