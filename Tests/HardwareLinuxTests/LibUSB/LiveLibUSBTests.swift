import Hardware
import HardwareLinux
import Testing

/// The real libusb on this machine (whose kernel may have no USB at all).
@Suite struct LiveLibUSBTests {
    @Test func open_terminalNotPlugged_throwsNotFound() async throws {
        // Given: an id no machine running the tests has plugged in
        let transport = LibUSBTransport(vendorID: 0x0B00, productID: 0x0080, serialNumber: "pos-test-absent", api: LiveLibUSB())

        // When / Then
        let error = await #expect(throws: TransportError.self) { try await transport.open() }
        #expect(error?.code == .notFound)
    }

    @Test func initializeAndExit_twice_work() throws {
        // Given
        let api = LiveLibUSB()

        // When / Then
        try api.initialize()
        _ = try api.deviceList()
        api.exit()
        try api.initialize()
        api.exit()
    }
}
