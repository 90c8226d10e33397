import Hardware

/// A ``ByteTransport`` straight to a USB serial terminal through libusb (no `/dev/ttyACM*` needed): it finds the
/// device by vendor and product id (and serial number), detaches the kernel driver (`cdc_acm` or `ftdi_sio`), claims
/// the interfaces, sets the line and moves bytes with bulk transfers. The device decides the driver: FTDI (vendor
/// 0x0403, a 0xFF interface: vendor requests, status bytes stripped from IN packets) or CDC-ACM (SET_LINE_CODING,
/// then DTR and RTS).
///
/// All libusb calls block, so they run on the transport's own queue. Errors: LIBUSB_ERROR_ACCESS →
/// `.permissionDenied` (install the udev rules), BUSY → `.busy`, NO_DEVICE → `.deviceGone`, NOT_FOUND or no
/// matching device → `.notFound`.
public actor LibUSBTransport: ByteTransport {
    private let executor: DispatchQueueExecutor
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    public nonisolated let vendorID: UInt16
    public nonisolated let productID: UInt16
    /// When set, only the device reporting this serial number.
    public nonisolated let serialNumber: String?
    public nonisolated let settings: SerialSettings
    public nonisolated let endpointDescription: String
    /// How long a write may take in total.
    public nonisolated let writeTimeout: Duration

    let api: any LibUSBAPI
    /// The kind the caller expects (from the known-terminal table); the device's descriptors decide the driver.
    public nonisolated let interfaceKind: KnownTerminal.InterfaceKind

    /// The open session, when ``open()`` succeeded.
    struct Session {
        var handle: LibUSBHandleRef
        /// How this device's line is driven (chosen by its descriptors).
        var adapter: any USBSerialAdapter
        var layout: USBSerialLayout
        /// Interfaces whose kernel driver was detached, to re-attach on close.
        var detached: [UInt8]
        var claimed: [UInt8]
    }

    var session: Session?
    /// Bytes a bulk IN transfer delivered beyond what the caller asked for.
    var pending: [UInt8] = []
    var contextInitialized = false
    /// Errors seen while letting go of the device (kept for diagnosis; the transport is closed regardless).
    public internal(set) var cleanupFailures: [LibUSBError] = []

    /// A transport to the USB serial device `vendorID:productID`; nothing is opened until ``open()``.
    /// CDC-ACM and FTDI devices are driven; `interfaceKind` is the expected kind, the descriptors decide.
    public init(vendorID: UInt16, productID: UInt16, serialNumber: String? = nil, settings: SerialSettings = .zvt,
                interfaceKind: KnownTerminal.InterfaceKind = .cdcACM, writeTimeout: Duration = .seconds(5), api: any LibUSBAPI) {
        self.vendorID = vendorID
        self.productID = productID
        self.serialNumber = serialNumber
        self.settings = settings
        self.writeTimeout = writeTimeout
        self.api = api
        self.interfaceKind = interfaceKind
        let identity = USBDeviceIdentity(vendorID: vendorID, productID: productID)
        endpointDescription = "usb \(identity.idString)" + (serialNumber.map { " serial \($0)" } ?? "")
        executor = DispatchQueueExecutor(label: "pos.transport.usb")
    }

    public func open() async throws(TransportError) {
        guard session == nil else { return }
        do {
            try openSession()
        } catch {
            teardown()
            throw transportError(error, step: "open")
        }
    }

    public func write(_ bytes: [UInt8]) async throws(TransportError) {
        let session = try requireSession()
        var offset = 0
        let deadline = ContinuousClock.now + writeTimeout
        while offset < bytes.count {
            let left = deadline - ContinuousClock.now
            let outcome = api.bulkTransferOut(
                session.handle, endpoint: session.layout.bulkOut.address, data: Array(bytes[offset...]),
                timeoutMilliseconds: Self.milliseconds(left)
            )
            offset += outcome.transferred
            guard let error = outcome.error else { continue }
            if error == .timeout && offset < bytes.count && ContinuousClock.now < deadline { continue }
            if error == .timeout {
                throw TransportError(.timedOut, endpoint: endpointDescription, underlying: "bulk OUT: \(error) after \(offset) of \(bytes.count) bytes")
            }
            throw fail(error, step: "bulk OUT")
        }
    }

    public func read(maxLength: Int, timeout: Duration) async throws(TransportError) -> [UInt8] {
        let deadline = ContinuousClock.now + timeout
        while true {
            // Looked up again after every slice: a close() may have run while this read was suspended.
            let session = try requireSession()
            if !pending.isEmpty { return takePending(maxLength) }
            // Ask for whole packets: a shorter IN buffer than the device's packet overflows (LIBUSB_ERROR_OVERFLOW).
            let packet = max(1, Int(session.layout.bulkIn.maxPacketSize))
            let length = max(packet, (maxLength + packet - 1) / packet * packet)
            let wait = min(max(deadline - ContinuousClock.now, .zero), Self.readSlice)
            let outcome = api.bulkTransferIn(
                session.handle, endpoint: session.layout.bulkIn.address, length: length,
                timeoutMilliseconds: Self.milliseconds(wait)
            )
            pending += session.adapter.payload(ofBulkIn: outcome.bytes, maxPacketSize: packet)
            switch outcome.error {
            case nil, .timeout?:
                // A timeout after a partial transfer still delivered those bytes.
                if !pending.isEmpty { return takePending(maxLength) }
            case let error?:
                throw fail(error, step: "bulk IN")
            }
            // A cancelled read ends like a timeout, so a cancelled driver task stops waiting at once.
            if ContinuousClock.now >= deadline || Task.isCancelled { return [] }
            await Task.yield()
        }
    }

    /// The longest one bulk IN transfer blocks the transport's queue; between slices a queued write or close runs.
    static let readSlice: Duration = .milliseconds(50)

    public func close() async {
        teardown()
    }

    // MARK: - Private

    private func requireSession() throws(TransportError) -> Session {
        guard let session else { throw TransportError(.closed, endpoint: endpointDescription, underlying: "not open") }
        return session
    }

    private func takePending(_ maxLength: Int) -> [UInt8] {
        let count = min(max(1, maxLength), pending.count)
        let chunk = Array(pending.prefix(count))
        pending.removeFirst(count)
        return chunk
    }

    private func fail(_ error: LibUSBError, step: String) -> TransportError {
        teardown()
        return transportError(error, step: step)
    }

    /// libusb treats a timeout of 0 as "wait forever": never pass 0.
    static func milliseconds(_ duration: Duration) -> UInt32 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 1 }
        let millis = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return UInt32(clamping: max(1, millis))
    }
}
