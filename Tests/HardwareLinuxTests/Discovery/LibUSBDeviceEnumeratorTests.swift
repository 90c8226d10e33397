import Hardware
import HardwareLinux
import Testing

@Suite struct LibUSBDeviceEnumeratorTests {
    @Test func knownTerminals_hubAndTerminalPresent_listsOnlyTheTerminal() async throws {
        // Given: the fake bus holds a root hub and an Ingenico Desk/5000
        let enumerator = LibUSBDeviceEnumerator(api: FakeCDCACMDevice())

        // When
        let terminals = try await enumerator.knownTerminals()

        // Then
        #expect(terminals.map(\.device) == [USBDeviceIdentity(vendorID: 0x0B00, productID: 0x0080, busAddress: "001/004")])
        #expect(terminals.first?.address.description == "concert+usb://0b00:0080")
    }

    @Test func allDevices_listsEveryDeviceAndReleasesTheContext() async throws {
        // Given
        let device = FakeCDCACMDevice()
        let enumerator = LibUSBDeviceEnumerator(api: device)

        // When
        let all = try await enumerator.allDevices()

        // Then
        #expect(all.count == 2)
        #expect(device.events.last == .exit)
    }

    @Test func knownTerminals_libusbDenied_throwsTheLibUSBError() async throws {
        // Given
        let device = FakeCDCACMDevice()
        device.fail(.deviceList, with: .access)
        let enumerator = LibUSBDeviceEnumerator(api: device)

        // When / Then
        await #expect(throws: LibUSBError.access) { try await enumerator.knownTerminals() }
        #expect(device.events.last == .exit)
    }

    @Test func liveLibUSB_onThisMachine_enumeratesWithoutError() async throws {
        // Given: the real library (this kernel may have no USB at all: then the list is empty)
        let enumerator = LibUSBDeviceEnumerator(api: LiveLibUSB())

        // When / Then
        _ = try await enumerator.allDevices()
    }
}
