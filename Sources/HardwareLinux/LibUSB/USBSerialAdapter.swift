import Hardware

/// How one family of USB serial devices exposes its line: which interfaces to claim, which bulk endpoints carry
/// the bytes, and how to set the line. CDC-ACM is done (``CDCACMAdapter``); FTDI (vendor requests, two status
/// bytes in every IN packet) is the next conformer.
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
}

extension USBSerialAdapter {
    func payload(ofBulkIn bytes: [UInt8], maxPacketSize: Int) -> [UInt8] { bytes }
}
