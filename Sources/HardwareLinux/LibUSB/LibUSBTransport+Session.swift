import Hardware

extension LibUSBTransport {
    /// Finds the device, claims its line and sets it, in that order; on any failure the caller tears down.
    func openSession() throws(LibUSBError) {
        try api.initialize()
        contextInitialized = true
        let (handle, adapter, layout) = try findAndOpenDevice()
        var session = Session(handle: handle, adapter: adapter, layout: layout, detached: [], claimed: [])
        self.session = session
        api.freeDeviceList()
        for interface in session.layout.interfaces where try api.kernelDriverActive(handle, interface: interface) {
            try api.detachKernelDriver(handle, interface: interface)
            session.detached.append(interface)
            self.session = session
        }
        for interface in session.layout.interfaces {
            try api.claimInterface(handle, interface: interface)
            session.claimed.append(interface)
            self.session = session
        }
        try adapter.configureLine(settings, layout: session.layout, handle: handle, api: api)
        pending = []
    }

    /// Releases the interfaces, gives them back to the kernel driver, closes the handle and the context.
    /// Each step runs even when an earlier one fails (the device may be gone already).
    func teardown() {
        if let session {
            for interface in session.claimed.reversed() {
                do { try api.releaseInterface(session.handle, interface: interface) } catch { noteCleanupFailure(error) }
            }
            for interface in session.detached {
                do { try api.attachKernelDriver(session.handle, interface: interface) } catch { noteCleanupFailure(error) }
            }
            api.close(session.handle)
            self.session = nil
        }
        if contextInitialized {
            api.freeDeviceList()
            api.exit()
            contextInitialized = false
        }
        pending = []
    }

    /// A failure while letting go of a device that is probably unplugged: nothing else can be done about it,
    /// and the transport is closed either way.
    private func noteCleanupFailure(_ error: LibUSBError) {
        cleanupFailures.append(error)
    }

    /// Matches vendor, product and serial number; reads the active configuration's layout.
    private func findAndOpenDevice() throws(LibUSBError) -> (LibUSBHandleRef, any USBSerialAdapter, USBSerialLayout) {
        for device in try api.deviceList() {
            let descriptor = try api.deviceDescriptor(device)
            guard descriptor.vendorID == vendorID, descriptor.productID == productID else { continue }
            let handle = try api.open(device)
            if let serialNumber {
                let reported = descriptor.serialNumberIndex == 0 ? "" : try api.stringDescriptor(handle, index: descriptor.serialNumberIndex)
                guard reported == serialNumber else {
                    api.close(handle)
                    continue
                }
            }
            let config: LibUSBConfigDescriptor
            do {
                config = try api.activeConfigDescriptor(device)
            } catch {
                api.close(handle)
                throw error
            }
            guard let (adapter, layout) = USBSerialAdapters.adapter(for: descriptor, config: config) else {
                api.close(handle)
                throw LibUSBError.notSupported
            }
            return (handle, adapter, layout)
        }
        throw LibUSBError.notFound
    }

    /// Maps a libusb error to what the cashier should do.
    func transportError(_ error: LibUSBError, step: String) -> TransportError {
        let detail = "\(step): \(error)"
        switch error {
        case .access:
            return TransportError(.permissionDenied, endpoint: endpointDescription,
                                  underlying: detail + "; install the udev rules: pos reader install-udev-rules")
        case .busy: return TransportError(.busy, endpoint: endpointDescription, underlying: detail)
        case .noDevice: return TransportError(.deviceGone, endpoint: endpointDescription, underlying: detail)
        case .notFound: return TransportError(.notFound, endpoint: endpointDescription, underlying: detail)
        case .timeout: return TransportError(.timedOut, endpoint: endpointDescription, underlying: detail)
        case .notSupported:
            return TransportError(.ioFailure, endpoint: endpointDescription,
                                  underlying: detail + " (neither a CDC-ACM data interface nor an FTDI vendor interface with bulk IN and OUT endpoints)")
        default: return TransportError(.ioFailure, endpoint: endpointDescription, underlying: detail)
        }
    }
}
