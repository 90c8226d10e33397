import POSFoundation
import CLibUSB
import Synchronization

/// ``LibUSBAPI`` over the real libusb-1.0: the only file that imports `CLibUSB`.
///
/// One instance owns one libusb context and one device list: give each transport and enumerator its own
/// instance. Pointers never leave this file: callers get opaque references.
public final class LiveLibUSB: LibUSBAPI {
    /// Pointers are kept as bit patterns: the lock guards the tables, libusb itself is thread-safe.
    private struct State {
        var context: UInt = 0
        var list: UInt = 0
        var devices: [Int: UInt] = [:]
        var handles: [Int: UInt] = [:]
        var nextID = 1
    }

    private let state = Mutex(State())

    /// A context that is created by ``initialize()``.
    public init() {}

    deinit { exit() }

    public func initialize() throws(LibUSBError) {
        var context: OpaquePointer?
        try libusbCall { libusb_init(&context) }
        let bits = UInt(bitPattern: context)
        state.locked { $0.context = bits }
    }

    public func exit() {
        let (context, handles) = state.locked { state in
            defer {
                state.context = 0
                state.handles = [:]
            }
            return (state.context, Array(state.handles.values))
        }
        for handle in handles { libusb_close(OpaquePointer(bitPattern: handle)) }
        freeDeviceList()
        if let pointer = OpaquePointer(bitPattern: context) { libusb_exit(pointer) }
    }

    public func deviceList() throws(LibUSBError) -> [LibUSBDeviceRef] {
        freeDeviceList()
        let context = OpaquePointer(bitPattern: state.locked { $0.context })
        var list: UnsafeMutablePointer<OpaquePointer?>?
        let count = try libusbCall { Int32(truncatingIfNeeded: libusb_get_device_list(context, &list)) }
        guard let list else { return [] }
        let listBits = UInt(bitPattern: list)
        let deviceBits = (0..<Int(count)).compactMap { list[$0].map { UInt(bitPattern: $0) } }
        return state.locked { state in
            state.list = listBits
            return deviceBits.map { bits in
                let id = state.nextID
                state.nextID += 1
                state.devices[id] = bits
                return LibUSBDeviceRef(id: id)
            }
        }
    }

    public func freeDeviceList() {
        let list = state.locked { state in
            defer {
                state.list = 0
                state.devices = [:]
            }
            return state.list
        }
        // Open handles hold their own reference to their device, so unreferencing the list is safe.
        if let pointer = UnsafeMutablePointer<OpaquePointer?>(bitPattern: list) { libusb_free_device_list(pointer, 1) }
    }

    public func deviceDescriptor(_ device: LibUSBDeviceRef) throws(LibUSBError) -> LibUSBDeviceDescriptor {
        let pointer = try lookup(device)
        var descriptor = libusb_device_descriptor()
        try libusbCall { libusb_get_device_descriptor(pointer, &descriptor) }
        return LibUSBDeviceDescriptor(
            vendorID: descriptor.idVendor, productID: descriptor.idProduct, deviceClass: descriptor.bDeviceClass,
            serialNumberIndex: descriptor.iSerialNumber, busNumber: libusb_get_bus_number(pointer),
            address: libusb_get_device_address(pointer)
        )
    }

    public func activeConfigDescriptor(_ device: LibUSBDeviceRef) throws(LibUSBError) -> LibUSBConfigDescriptor {
        let pointer = try lookup(device)
        var config: UnsafeMutablePointer<libusb_config_descriptor>?
        try libusbCall { libusb_get_active_config_descriptor(pointer, &config) }
        guard let config else { throw .other }
        defer { libusb_free_config_descriptor(config) }
        var interfaces: [LibUSBInterfaceDescriptor] = []
        for index in 0..<Int(config.pointee.bNumInterfaces) {
            let interface = config.pointee.interface[index]
            guard interface.num_altsetting > 0, let setting = interface.altsetting?.pointee else { continue }
            let endpoints = (0..<Int(setting.bNumEndpoints)).map { endpointIndex in
                let endpoint = setting.endpoint[endpointIndex]
                return LibUSBEndpointDescriptor(
                    address: endpoint.bEndpointAddress,
                    transferType: .init(rawValue: endpoint.bmAttributes & 0x03) ?? .control,
                    maxPacketSize: endpoint.wMaxPacketSize
                )
            }
            interfaces.append(LibUSBInterfaceDescriptor(
                number: setting.bInterfaceNumber, interfaceClass: setting.bInterfaceClass,
                interfaceSubclass: setting.bInterfaceSubClass, interfaceProtocol: setting.bInterfaceProtocol,
                endpoints: endpoints
            ))
        }
        return LibUSBConfigDescriptor(interfaces: interfaces)
    }

    public func open(_ device: LibUSBDeviceRef) throws(LibUSBError) -> LibUSBHandleRef {
        let pointer = try lookup(device)
        var handle: OpaquePointer?
        try libusbCall { libusb_open(pointer, &handle) }
        guard let handle else { throw .other }
        let bits = UInt(bitPattern: handle)
        return state.locked { state in
            let id = state.nextID
            state.nextID += 1
            state.handles[id] = bits
            return LibUSBHandleRef(id: id)
        }
    }

    public func close(_ handle: LibUSBHandleRef) {
        if let bits = state.locked({ $0.handles.removeValue(forKey: handle.id) }), let pointer = OpaquePointer(bitPattern: bits) {
            libusb_close(pointer)
        }
    }

    public func stringDescriptor(_ handle: LibUSBHandleRef, index: UInt8) throws(LibUSBError) -> String {
        let pointer = try lookup(handle)
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = try libusbCall { libusb_get_string_descriptor_ascii(pointer, index, &buffer, Int32(buffer.count)) }
        return String(decoding: buffer.prefix(Int(count)), as: UTF8.self)
    }

    public func kernelDriverActive(_ handle: LibUSBHandleRef, interface: UInt8) throws(LibUSBError) -> Bool {
        let pointer = try lookup(handle)
        return try libusbCall { libusb_kernel_driver_active(pointer, Int32(interface)) } == 1
    }

    public func detachKernelDriver(_ handle: LibUSBHandleRef, interface: UInt8) throws(LibUSBError) {
        let pointer = try lookup(handle)
        try libusbCall { libusb_detach_kernel_driver(pointer, Int32(interface)) }
    }

    public func attachKernelDriver(_ handle: LibUSBHandleRef, interface: UInt8) throws(LibUSBError) {
        let pointer = try lookup(handle)
        try libusbCall { libusb_attach_kernel_driver(pointer, Int32(interface)) }
    }

    public func claimInterface(_ handle: LibUSBHandleRef, interface: UInt8) throws(LibUSBError) {
        let pointer = try lookup(handle)
        try libusbCall { libusb_claim_interface(pointer, Int32(interface)) }
    }

    public func releaseInterface(_ handle: LibUSBHandleRef, interface: UInt8) throws(LibUSBError) {
        let pointer = try lookup(handle)
        try libusbCall { libusb_release_interface(pointer, Int32(interface)) }
    }

    public func controlTransferOut(
        _ handle: LibUSBHandleRef, requestType: UInt8, request: UInt8, value: UInt16, index: UInt16, data: [UInt8],
        timeoutMilliseconds: UInt32
    ) throws(LibUSBError) -> Int {
        let pointer = try lookup(handle)
        var payload = data
        let sent = try libusbCall {
            libusb_control_transfer(pointer, requestType, request, value, index, &payload, UInt16(payload.count), timeoutMilliseconds)
        }
        return Int(sent)
    }

    public func bulkTransferOut(_ handle: LibUSBHandleRef, endpoint: UInt8, data: [UInt8], timeoutMilliseconds: UInt32) -> LibUSBTransferOutcome {
        guard let pointer = try? lookup(handle) else { return LibUSBTransferOutcome(transferred: 0, error: .noDevice) }
        var payload = data
        var transferred: Int32 = 0
        let result = libusb_bulk_transfer(pointer, endpoint, &payload, Int32(payload.count), &transferred, timeoutMilliseconds)
        return LibUSBTransferOutcome(transferred: Int(transferred), error: result == 0 ? nil : LibUSBError(rawValue: result))
    }

    public func bulkTransferIn(_ handle: LibUSBHandleRef, endpoint: UInt8, length: Int, timeoutMilliseconds: UInt32) -> LibUSBTransferOutcome {
        guard let pointer = try? lookup(handle) else { return LibUSBTransferOutcome(transferred: 0, error: .noDevice) }
        var buffer = [UInt8](repeating: 0, count: length)
        var transferred: Int32 = 0
        let result = libusb_bulk_transfer(pointer, endpoint, &buffer, Int32(length), &transferred, timeoutMilliseconds)
        return LibUSBTransferOutcome(
            bytes: Array(buffer.prefix(Int(transferred))), transferred: Int(transferred),
            error: result == 0 ? nil : LibUSBError(rawValue: result)
        )
    }

    // MARK: - Private

    private func lookup(_ device: LibUSBDeviceRef) throws(LibUSBError) -> OpaquePointer {
        guard let pointer = OpaquePointer(bitPattern: state.locked({ $0.devices[device.id] ?? 0 })) else { throw .notFound }
        return pointer
    }

    private func lookup(_ handle: LibUSBHandleRef) throws(LibUSBError) -> OpaquePointer {
        guard let pointer = OpaquePointer(bitPattern: state.locked({ $0.handles[handle.id] ?? 0 })) else { throw .noDevice }
        return pointer
    }
}

/// The funnel every libusb call goes through: negative results become ``LibUSBError``; `LIBUSB_ERROR_INTERRUPTED`
/// is retried (every call funnelled here is safe to repeat).
@discardableResult
private func libusbCall(_ body: () -> Int32) throws(LibUSBError) -> Int32 {
    while true {
        let result = body()
        if result >= 0 { return result }
        if result == LIBUSB_ERROR_INTERRUPTED.rawValue { continue }
        throw LibUSBError(rawValue: result)
    }
}
