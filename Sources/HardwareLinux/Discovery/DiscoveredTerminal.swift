import Hardware

/// A plugged-in USB device that matches a row of the known-terminal table.
public struct DiscoveredTerminal: Hashable, Sendable {
    public let device: USBDeviceIdentity
    public let model: KnownTerminal

    public init(device: USBDeviceIdentity, model: KnownTerminal) {
        self.device = device
        self.model = model
    }

    /// The address to connect to it over libusb ("concert+usb://0b00:0080").
    public var address: ReaderAddress { model.usbAddress }
}
