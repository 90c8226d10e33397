/// The libusb calls pos makes, as a seam: ``LiveLibUSB`` calls the C library, tests plug in a double that plays a
/// device byte for byte. One instance is one libusb context.
///
/// Every call blocks; callers run them on their own thread (``LibUSBTransport`` is an actor on its own queue).
public protocol LibUSBAPI: Sendable {
    /// `libusb_init`.
    func initialize() throws(LibUSBError)
    /// `libusb_exit` (frees any device list and closes nothing: close handles first).
    func exit()

    /// `libusb_get_device_list`: the devices present now; the references stay valid until ``freeDeviceList()``.
    func deviceList() throws(LibUSBError) -> [LibUSBDeviceRef]
    /// `libusb_free_device_list` (unreferencing the devices that no handle keeps open).
    func freeDeviceList()
    /// `libusb_get_device_descriptor` plus `libusb_get_bus_number` / `libusb_get_device_address`.
    func deviceDescriptor(_ device: LibUSBDeviceRef) throws(LibUSBError) -> LibUSBDeviceDescriptor
    /// `libusb_get_active_config_descriptor` (interfaces, endpoints) and `libusb_free_config_descriptor`.
    func activeConfigDescriptor(_ device: LibUSBDeviceRef) throws(LibUSBError) -> LibUSBConfigDescriptor

    /// `libusb_open`.
    func open(_ device: LibUSBDeviceRef) throws(LibUSBError) -> LibUSBHandleRef
    /// `libusb_close`.
    func close(_ handle: LibUSBHandleRef)
    /// `libusb_get_string_descriptor_ascii`.
    func stringDescriptor(_ handle: LibUSBHandleRef, index: UInt8) throws(LibUSBError) -> String

    /// `libusb_kernel_driver_active`.
    func kernelDriverActive(_ handle: LibUSBHandleRef, interface: UInt8) throws(LibUSBError) -> Bool
    /// `libusb_detach_kernel_driver`.
    func detachKernelDriver(_ handle: LibUSBHandleRef, interface: UInt8) throws(LibUSBError)
    /// `libusb_attach_kernel_driver`.
    func attachKernelDriver(_ handle: LibUSBHandleRef, interface: UInt8) throws(LibUSBError)
    /// `libusb_claim_interface`.
    func claimInterface(_ handle: LibUSBHandleRef, interface: UInt8) throws(LibUSBError)
    /// `libusb_release_interface`.
    func releaseInterface(_ handle: LibUSBHandleRef, interface: UInt8) throws(LibUSBError)

    /// `libusb_control_transfer` in the host-to-device direction.
    ///
    /// - Returns: The number of data bytes sent.
    func controlTransferOut(
        _ handle: LibUSBHandleRef, requestType: UInt8, request: UInt8, value: UInt16, index: UInt16, data: [UInt8],
        timeoutMilliseconds: UInt32
    ) throws(LibUSBError) -> Int

    /// `libusb_bulk_transfer` to an OUT endpoint.
    func bulkTransferOut(_ handle: LibUSBHandleRef, endpoint: UInt8, data: [UInt8], timeoutMilliseconds: UInt32) -> LibUSBTransferOutcome
    /// `libusb_bulk_transfer` from an IN endpoint, reading up to `length` bytes.
    func bulkTransferIn(_ handle: LibUSBHandleRef, endpoint: UInt8, length: Int, timeoutMilliseconds: UInt32) -> LibUSBTransferOutcome
}
