import Hardware

/// How one family of USB serial devices exposes its line: which interfaces to claim, which bulk endpoints carry
/// the bytes, and how to set the line: ``CDCACMAdapter`` (class requests) and ``FTDIAdapter`` (vendor requests, two
/// status bytes in every IN packet). ``USBSerialAdapters/adapter(for:config:)`` picks one by the device.
protocol USBSerialAdapter: Sendable {
    /// Finds the interfaces and endpoints in the active configuration.
    func layout(of config: LibUSBConfigDescriptor) -> USBSerialLayout?
    /// Sets the line (baud rate, framing, modem lines) once the interfaces are claimed.
    func configureLine(_ settings: SerialSettings, layout: USBSerialLayout, handle: LibUSBHandleRef, api: any LibUSBAPI) throws(LibUSBError)
    /// The payload of the bytes a bulk IN transfer returned (FTDI strips its status bytes here).
    func payload(ofBulkIn bytes: [UInt8], maxPacketSize: Int) -> [UInt8]
}

/// Where a USB serial device's line is.
struct USBSerialLayout: Hashable, Sendable {
    /// The interfaces to detach from the kernel and claim, in order (control first).
    var interfaces: [UInt8]
    /// The interface class requests are addressed to (wIndex).
    var controlInterface: UInt8
    var bulkIn: LibUSBEndpointDescriptor
    var bulkOut: LibUSBEndpointDescriptor
    /// The FTDI channel vendor requests address (0 on single-channel chips, 1 = A, 2 = B… on multi-channel ones).
    var channel: UInt8 = 0
}

/// The adapters pos drives over libusb, chosen by what the device is.
enum USBSerialAdapters {
    /// FTDI when the vendor is 0x0403 and it has a vendor-specific (0xFF) interface with bulk endpoints; CDC-ACM when
    /// it has a data interface (0x0A) with bulk endpoints; otherwise `nil`.
    static func adapter(for descriptor: LibUSBDeviceDescriptor, config: LibUSBConfigDescriptor) -> (any USBSerialAdapter, USBSerialLayout)? {
        if descriptor.vendorID == FTDIAdapter.vendorID, let layout = FTDIAdapter().layout(of: config) {
            return (FTDIAdapter(), layout)
        }
        if let layout = CDCACMAdapter().layout(of: config) { return (CDCACMAdapter(), layout) }
        return nil
    }
}

extension USBSerialAdapter {
    func payload(ofBulkIn bytes: [UInt8], maxPacketSize: Int) -> [UInt8] { bytes }
}
