import Hardware

/// Lists the USB devices present now through libusb, and which of them are known payment terminals.
///
/// Runs its libusb calls on its own queue: they block briefly while the kernel is asked.
public actor LibUSBDeviceEnumerator {
    private let executor = DispatchQueueExecutor(label: "pos.usb.enumerate")
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    private let api: any LibUSBAPI
    private let table: [KnownTerminal]

    /// An enumerator over `api` (``LiveLibUSB`` in production), matching against `table`.
    public init(api: any LibUSBAPI, table: [KnownTerminal] = KnownTerminal.all) {
        self.api = api
        self.table = table
    }

    /// Every USB device present, with its bus position and, when readable, its serial number.
    public func allDevices() throws(LibUSBError) -> [USBDeviceIdentity] {
        try api.initialize()
        defer {
            api.freeDeviceList()
            api.exit()
        }
        var devices: [USBDeviceIdentity] = []
        for device in try api.deviceList() {
            let descriptor = try api.deviceDescriptor(device)
            devices.append(USBDeviceIdentity(
                vendorID: descriptor.vendorID, productID: descriptor.productID,
                busAddress: Self.busAddress(bus: descriptor.busNumber, device: descriptor.address)
            ))
        }
        return devices
    }

    /// The present devices that are known payment terminals.
    public func knownTerminals() throws(LibUSBError) -> [DiscoveredTerminal] {
        try allDevices().compactMap { device in
            table.first { $0.vendorID == device.vendorID && $0.productID == device.productID }
                .map { DiscoveredTerminal(device: device, model: $0) }
        }
    }

    /// "001/004", as udev's BUSNUM/DEVNUM write it.
    static func busAddress(bus: UInt8, device: UInt8) -> String {
        func three(_ value: UInt8) -> String {
            let text = String(value)
            return String(repeating: "0", count: 3 - text.count) + text
        }
        return three(bus) + "/" + three(device)
    }
}
