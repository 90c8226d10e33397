/// A payment terminal model pos recognises on USB: its ids, protocol, how its serial line is exposed, its
/// default line settings, and where the facts come from.
///
/// The table (``all``) drives discovery, the generated udev rules (`udev/70-pos-payment-terminals.rules`) and
/// the table in docs/hardware.md; a test keeps the three in step.
public struct KnownTerminal: Hashable, Sendable {
    /// How the terminal's serial line appears on USB.
    public enum InterfaceKind: String, Hashable, Sendable {
        /// USB CDC-ACM (class 0x02/0x02 + 0x0A data): `/dev/ttyACM*`, or libusb bulk endpoints.
        case cdcACM = "CDC-ACM"
        /// An FTDI USB-serial bridge (vendor 0x0403): `/dev/ttyUSB*`, or libusb with FTDI vendor requests.
        case ftdi = "FTDI"
    }

    public let vendorID: UInt16
    public let productID: UInt16
    /// The maker and model family, e.g. "Ingenico Desk/5000".
    public let name: String
    /// The protocol it speaks to the register in its usual setup.
    public let terminalProtocol: ReaderAddress.TerminalProtocol
    public let interfaceKind: InterfaceKind
    /// The line settings it expects by default.
    public let lineSettings: SerialSettings
    /// Where the ids and settings were found.
    public let source: String

    public init(vendorID: UInt16, productID: UInt16, name: String, terminalProtocol: ReaderAddress.TerminalProtocol,
                interfaceKind: InterfaceKind, lineSettings: SerialSettings, source: String) {
        self.vendorID = vendorID
        self.productID = productID
        self.name = name
        self.terminalProtocol = terminalProtocol
        self.interfaceKind = interfaceKind
        self.lineSettings = lineSettings
        self.source = source
    }

    /// "0b00:0080".
    public var idString: String { hex4(vendorID) + ":" + hex4(productID) }

    /// The reader address to reach it over libusb, e.g. "concert+usb://0b00:0080".
    public var usbAddress: ReaderAddress {
        ReaderAddress(terminalProtocol: terminalProtocol, link: .usb(vendorID: vendorID, productID: productID))
    }

    /// The entry for a device, or `nil` when pos does not know it.
    public static func matching(vendorID: UInt16, productID: UInt16) -> KnownTerminal? {
        all.first { $0.vendorID == vendorID && $0.productID == productID }
    }

    /// The entry for a plugged-in device.
    public static func matching(_ device: USBDeviceIdentity) -> KnownTerminal? {
        matching(vendorID: device.vendorID, productID: device.productID)
    }
}
