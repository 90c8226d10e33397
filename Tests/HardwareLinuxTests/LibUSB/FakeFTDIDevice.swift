import HardwareLinux
import Synchronization

/// A ``LibUSBAPI`` that plays an FTDI FT232R cable (0403:6001) byte for byte, as a real chip does: one
/// vendor-specific interface (0xFF) with bulk IN 0x81 / OUT 0x02 of 64 bytes, `ftdi_sio` bound to it, vendor
/// control requests recorded as raw setup bytes, and bulk IN transfers made of 64-byte packets that each start
/// with the two modem-status bytes `01 60` — with nothing to send, a chip answers with only those two bytes
/// every latency period (QEMU's `usb-serial` NAKs instead; the guest run covers that).
final class FakeFTDIDevice: LibUSBAPI {
    /// What the host did, in order.
    enum Event: Hashable, Sendable {
        case detach(UInt8), claim(UInt8), release(UInt8), attach(UInt8)
        case control(setup: [UInt8])
        case bulkOut([UInt8])
        case close
    }

    struct State {
        var events: [Event] = []
        /// Payload bytes waiting to go to the host.
        var inQueue: [UInt8] = []
        var kernelDriverBound = true
        var claimed = false
    }

    static let vendorID: UInt16 = 0x0403
    static let productID: UInt16 = 0x6001
    static let packetSize = 64
    static let status: [UInt8] = [0x01, 0x60]

    let state = Mutex(State())
    let productID: UInt16
    let config: LibUSBConfigDescriptor
    let device = LibUSBDeviceRef(id: 9)
    let handle = LibUSBHandleRef(id: 51)

    /// One channel (FT232R) by default; `channels: 2` plays an FT2232 (interfaces 0 and 1, endpoints 0x81/0x02 and
    /// 0x83/0x04).
    init(productID: UInt16 = FakeFTDIDevice.productID, channels: Int = 1) {
        self.productID = productID
        config = LibUSBConfigDescriptor(interfaces: (0..<channels).map { channel in
            LibUSBInterfaceDescriptor(number: UInt8(channel), interfaceClass: 0xFF, interfaceSubclass: 0xFF, interfaceProtocol: 0xFF, endpoints: [
                LibUSBEndpointDescriptor(address: 0x81 + UInt8(2 * channel), transferType: .bulk, maxPacketSize: UInt16(Self.packetSize)),
                LibUSBEndpointDescriptor(address: 0x02 + UInt8(2 * channel), transferType: .bulk, maxPacketSize: UInt16(Self.packetSize)),
            ])
        })
    }

    /// Queues payload bytes the cable delivers on bulk IN.
    func queueReply(_ bytes: [UInt8]) { state.withLock { $0.inQueue += bytes } }
    var events: [Event] { state.withLock { $0.events } }
    var snapshot: State { state.withLock { $0 } }
    /// The control requests, as 8 setup bytes each.
    var controlSetups: [[UInt8]] {
        events.compactMap { if case .control(let setup) = $0 { setup } else { nil } }
    }

    private func log(_ event: Event) { state.withLock { $0.events.append(event) } }

    // MARK: - LibUSBAPI

    func initialize() throws(LibUSBError) {}
    func exit() {}
    func deviceList() throws(LibUSBError) -> [LibUSBDeviceRef] { [device] }
    func freeDeviceList() {}
    func deviceDescriptor(_ device: LibUSBDeviceRef) throws(LibUSBError) -> LibUSBDeviceDescriptor {
        LibUSBDeviceDescriptor(vendorID: Self.vendorID, productID: productID, deviceClass: 0x00, busNumber: 1, address: 2)
    }
    func activeConfigDescriptor(_ device: LibUSBDeviceRef) throws(LibUSBError) -> LibUSBConfigDescriptor { config }
    func open(_ device: LibUSBDeviceRef) throws(LibUSBError) -> LibUSBHandleRef { handle }
    func close(_ handle: LibUSBHandleRef) { log(.close) }
    func stringDescriptor(_ handle: LibUSBHandleRef, index: UInt8) throws(LibUSBError) -> String { "" }

    func kernelDriverActive(_ handle: LibUSBHandleRef, interface: UInt8) throws(LibUSBError) -> Bool {
        state.withLock { $0.kernelDriverBound }
    }

    func detachKernelDriver(_ handle: LibUSBHandleRef, interface: UInt8) throws(LibUSBError) {
        state.withLock { $0.kernelDriverBound = false; $0.events.append(.detach(interface)) }
    }

    func attachKernelDriver(_ handle: LibUSBHandleRef, interface: UInt8) throws(LibUSBError) {
        state.withLock { $0.kernelDriverBound = true; $0.events.append(.attach(interface)) }
    }

    func claimInterface(_ handle: LibUSBHandleRef, interface: UInt8) throws(LibUSBError) {
        let bound = state.withLock { $0.kernelDriverBound }
        if bound { throw .busy }
        state.withLock { $0.claimed = true; $0.events.append(.claim(interface)) }
    }

    func releaseInterface(_ handle: LibUSBHandleRef, interface: UInt8) throws(LibUSBError) {
        state.withLock { $0.claimed = false; $0.events.append(.release(interface)) }
    }

    func controlTransferOut(
        _ handle: LibUSBHandleRef, requestType: UInt8, request: UInt8, value: UInt16, index: UInt16, data: [UInt8],
        timeoutMilliseconds: UInt32
    ) throws(LibUSBError) -> Int {
        // FTDI takes only vendor requests with no data stage; anything else stalls, as on the chip.
        guard requestType == 0x40, data.isEmpty else { throw .pipe }
        log(.control(setup: [requestType, request, UInt8(value & 0xFF), UInt8(value >> 8), UInt8(index & 0xFF), UInt8(index >> 8), 0, 0]))
        return 0
    }

    func bulkTransferOut(_ handle: LibUSBHandleRef, endpoint: UInt8, data: [UInt8], timeoutMilliseconds: UInt32) -> LibUSBTransferOutcome {
        guard endpoint == 0x02, snapshot.claimed else { return LibUSBTransferOutcome(transferred: 0, error: .pipe) }
        log(.bulkOut(data))
        return LibUSBTransferOutcome(transferred: data.count)
    }

    /// Fills whole packets of status + up to 62 payload bytes; with nothing queued, one status-only packet.
    func bulkTransferIn(_ handle: LibUSBHandleRef, endpoint: UInt8, length: Int, timeoutMilliseconds: UInt32) -> LibUSBTransferOutcome {
        guard endpoint == 0x81, snapshot.claimed, length % Self.packetSize == 0 else {
            return LibUSBTransferOutcome(transferred: 0, error: .overflow)
        }
        return state.withLock { state in
            var bytes: [UInt8] = []
            repeat {
                let chunk = Array(state.inQueue.prefix(Self.packetSize - Self.status.count))
                state.inQueue.removeFirst(chunk.count)
                bytes += Self.status + chunk
                // A short packet ends the transfer.
                if chunk.count < Self.packetSize - Self.status.count { break }
            } while bytes.count + Self.packetSize <= length && !state.inQueue.isEmpty
            return LibUSBTransferOutcome(bytes: bytes, transferred: bytes.count)
        }
    }
}
