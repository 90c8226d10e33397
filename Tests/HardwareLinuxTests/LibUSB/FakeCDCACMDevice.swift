import HardwareLinux
import Synchronization

/// A ``LibUSBAPI`` that plays one CDC-ACM payment terminal byte for byte: realistic descriptors (a
/// communications interface 0x02/0x02 with an interrupt endpoint, a data interface 0x0A with bulk 0x81/0x02),
/// a `cdc_acm` kernel driver bound to both interfaces, control transfers recorded as raw setup + data bytes,
/// and bulk IN replies that are echoed or scripted. Any step can be made to fail with a libusb error.
final class FakeCDCACMDevice: LibUSBAPI {
    /// A libusb call, for failure injection and the call log.
    enum Call: String, Sendable, CaseIterable {
        case initialize, deviceList, deviceDescriptor, activeConfigDescriptor, open, stringDescriptor
        case kernelDriverActive, detachKernelDriver, attachKernelDriver, claimInterface, releaseInterface
        case controlTransfer, bulkOut, bulkIn
    }

    /// What the host did, in order.
    enum Event: Hashable, Sendable {
        case call(Call, interface: UInt8?)
        case control(setup: [UInt8], data: [UInt8])
        case bulkOut([UInt8])
        case close
        case exit
    }

    /// How the device answers bulk OUT data.
    enum ReplyMode: Sendable {
        /// Each OUT transfer is queued back on IN.
        case echo
        /// Only what ``queueReply(_:)`` queued is sent.
        case scripted
    }

    struct State {
        var events: [Event] = []
        var failures: [Call: LibUSBError] = [:]
        var inQueue: [UInt8] = []
        /// When set, the next IN transfer delivers only this many bytes and then reports a timeout.
        var partialThenTimeout: Int?
        var kernelDriverBound: Set<UInt8> = [0, 1]
        var claimed: Set<UInt8> = []
        var openHandles = 0
        var initialized = false
    }

    static let vendorID: UInt16 = 0x0B00
    static let productID: UInt16 = 0x0080
    static let serialNumber = "12345678"

    let state = Mutex(State())
    let replyMode: ReplyMode
    let device = LibUSBDeviceRef(id: 7)
    let handle = LibUSBHandleRef(id: 42)

    /// The interfaces a real Ingenico CDC-ACM terminal reports.
    static let cdcACMConfig = LibUSBConfigDescriptor(interfaces: [
        LibUSBInterfaceDescriptor(number: 0, interfaceClass: 0x02, interfaceSubclass: 0x02, interfaceProtocol: 0x01,
                                  endpoints: [LibUSBEndpointDescriptor(address: 0x83, transferType: .interrupt, maxPacketSize: 8)]),
        LibUSBInterfaceDescriptor(number: 1, interfaceClass: 0x0A, interfaceSubclass: 0x00, interfaceProtocol: 0x00,
                                  endpoints: [LibUSBEndpointDescriptor(address: 0x81, transferType: .bulk, maxPacketSize: 64),
                                              LibUSBEndpointDescriptor(address: 0x02, transferType: .bulk, maxPacketSize: 64)]),
    ])

    let config: LibUSBConfigDescriptor

    init(replyMode: ReplyMode = .echo, config: LibUSBConfigDescriptor = FakeCDCACMDevice.cdcACMConfig) {
        self.replyMode = replyMode
        self.config = config
    }

    // MARK: - Test controls

    /// Makes `call` fail with `error` from now on.
    func fail(_ call: Call, with error: LibUSBError) { state.withLock { $0.failures[call] = error } }
    /// Queues bytes the device sends on bulk IN.
    func queueReply(_ bytes: [UInt8]) { state.withLock { $0.inQueue += bytes } }
    /// The next IN transfer returns `count` bytes and LIBUSB_ERROR_TIMEOUT.
    func deliverPartialThenTimeout(_ count: Int) { state.withLock { $0.partialThenTimeout = count } }
    var events: [Event] { state.withLock { $0.events } }
    var snapshot: State { state.withLock { $0 } }

    private func record(_ call: Call, interface: UInt8? = nil) throws(LibUSBError) {
        let failure: LibUSBError? = state.withLock { state in
            state.events.append(.call(call, interface: interface))
            return state.failures[call]
        }
        if let failure { throw failure }
    }

    // MARK: - LibUSBAPI

    func initialize() throws(LibUSBError) {
        try record(.initialize)
        state.withLock { $0.initialized = true }
    }

    func exit() { state.withLock { $0.events.append(.exit); $0.initialized = false } }

    func deviceList() throws(LibUSBError) -> [LibUSBDeviceRef] {
        try record(.deviceList)
        return [LibUSBDeviceRef(id: 3), device]
    }

    func freeDeviceList() {}

    func deviceDescriptor(_ device: LibUSBDeviceRef) throws(LibUSBError) -> LibUSBDeviceDescriptor {
        try record(.deviceDescriptor)
        if device == self.device {
            return LibUSBDeviceDescriptor(vendorID: Self.vendorID, productID: Self.productID, deviceClass: 0x02,
                                          serialNumberIndex: 3, busNumber: 1, address: 4)
        }
        // A hub that must be skipped.
        return LibUSBDeviceDescriptor(vendorID: 0x1D6B, productID: 0x0002, deviceClass: 0x09, busNumber: 1, address: 1)
    }

    func activeConfigDescriptor(_ device: LibUSBDeviceRef) throws(LibUSBError) -> LibUSBConfigDescriptor {
        try record(.activeConfigDescriptor)
        return config
    }

    func open(_ device: LibUSBDeviceRef) throws(LibUSBError) -> LibUSBHandleRef {
        try record(.open)
        state.withLock { $0.openHandles += 1 }
        return handle
    }

    func close(_ handle: LibUSBHandleRef) { state.withLock { $0.events.append(.close); $0.openHandles -= 1 } }

    func stringDescriptor(_ handle: LibUSBHandleRef, index: UInt8) throws(LibUSBError) -> String {
        try record(.stringDescriptor)
        return index == 3 ? Self.serialNumber : ""
    }

    func kernelDriverActive(_ handle: LibUSBHandleRef, interface: UInt8) throws(LibUSBError) -> Bool {
        try record(.kernelDriverActive, interface: interface)
        return state.withLock { $0.kernelDriverBound.contains(interface) }
    }

    func detachKernelDriver(_ handle: LibUSBHandleRef, interface: UInt8) throws(LibUSBError) {
        try record(.detachKernelDriver, interface: interface)
        state.withLock { _ = $0.kernelDriverBound.remove(interface) }
    }

    func attachKernelDriver(_ handle: LibUSBHandleRef, interface: UInt8) throws(LibUSBError) {
        try record(.attachKernelDriver, interface: interface)
        state.withLock { _ = $0.kernelDriverBound.insert(interface) }
    }

    func claimInterface(_ handle: LibUSBHandleRef, interface: UInt8) throws(LibUSBError) {
        try record(.claimInterface, interface: interface)
        let bound = state.withLock { $0.kernelDriverBound.contains(interface) }
        // Claiming an interface a kernel driver still holds fails, as on real hardware.
        if bound { throw .busy }
        state.withLock { _ = $0.claimed.insert(interface) }
    }

    func releaseInterface(_ handle: LibUSBHandleRef, interface: UInt8) throws(LibUSBError) {
        try record(.releaseInterface, interface: interface)
        state.withLock { _ = $0.claimed.remove(interface) }
    }

    func controlTransferOut(
        _ handle: LibUSBHandleRef, requestType: UInt8, request: UInt8, value: UInt16, index: UInt16, data: [UInt8],
        timeoutMilliseconds: UInt32
    ) throws(LibUSBError) -> Int {
        try record(.controlTransfer)
        let setup: [UInt8] = [requestType, request, UInt8(value & 0xFF), UInt8(value >> 8), UInt8(index & 0xFF),
                              UInt8(index >> 8), UInt8(data.count & 0xFF), UInt8(data.count >> 8)]
        state.withLock { $0.events.append(.control(setup: setup, data: data)) }
        return data.count
    }

    func bulkTransferOut(_ handle: LibUSBHandleRef, endpoint: UInt8, data: [UInt8], timeoutMilliseconds: UInt32) -> LibUSBTransferOutcome {
        do { try record(.bulkOut) } catch { return LibUSBTransferOutcome(transferred: 0, error: error) }
        guard endpoint == 0x02, snapshot.claimed.contains(1) else { return LibUSBTransferOutcome(transferred: 0, error: .pipe) }
        state.withLock { state in
            state.events.append(.bulkOut(data))
            if replyMode == .echo { state.inQueue += data }
        }
        return LibUSBTransferOutcome(transferred: data.count)
    }

    func bulkTransferIn(_ handle: LibUSBHandleRef, endpoint: UInt8, length: Int, timeoutMilliseconds: UInt32) -> LibUSBTransferOutcome {
        do { try record(.bulkIn) } catch { return LibUSBTransferOutcome(transferred: 0, error: error) }
        guard endpoint == 0x81, length % 64 == 0 else { return LibUSBTransferOutcome(transferred: 0, error: .overflow) }
        return state.withLock { state in
            if let partial = state.partialThenTimeout {
                state.partialThenTimeout = nil
                let bytes = Array(state.inQueue.prefix(partial))
                state.inQueue.removeFirst(bytes.count)
                return LibUSBTransferOutcome(bytes: bytes, transferred: bytes.count, error: .timeout)
            }
            if state.inQueue.isEmpty { return LibUSBTransferOutcome(transferred: 0, error: .timeout) }
            let bytes = Array(state.inQueue.prefix(length))
            state.inQueue.removeFirst(bytes.count)
            return LibUSBTransferOutcome(bytes: bytes, transferred: bytes.count)
        }
    }
}
