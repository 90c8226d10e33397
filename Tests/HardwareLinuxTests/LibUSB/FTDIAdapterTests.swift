import Hardware
@testable import HardwareLinux
import Testing

@Suite struct FTDIAdapterTests {
    private func makeTransport(_ device: FakeFTDIDevice, settings: SerialSettings = .zvt) -> LibUSBTransport {
        LibUSBTransport(vendorID: FakeFTDIDevice.vendorID, productID: device.productID, settings: settings,
                        interfaceKind: .ftdi, api: device)
    }

    @Test func open_ftdiCable_detachesClaimsThenSendsTheVendorRequests() async throws {
        // Given
        let device = FakeFTDIDevice()
        let transport = makeTransport(device)

        // When
        try await transport.open()

        // Then: ftdi_sio detached before the claim; reset, 9600 baud, 8N2, no flow control, DTR+RTS, latency
        #expect(Array(device.events.prefix(2)) == [.detach(0), .claim(0)])
        #expect(device.controlSetups == [
            [0x40, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00],  // SIO_RESET
            [0x40, 0x03, 0x38, 0x41, 0x00, 0x00, 0x00, 0x00],  // SET_BAUD_RATE 9600: value 0x4138, index 0
            [0x40, 0x04, 0x08, 0x10, 0x00, 0x00, 0x00, 0x00],  // SET_DATA 8N2 = 0x1008
            [0x40, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00],  // SET_FLOW_CTRL none
            [0x40, 0x01, 0x03, 0x03, 0x00, 0x00, 0x00, 0x00],  // SET_MODEM_CTRL DTR and RTS high
            [0x40, 0x09, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00],  // SET_LATENCY_TIMER 4 ms
        ])
        await transport.close()
        #expect(Array(device.events.suffix(3)) == [.release(0), .attach(0), .close])
    }

    @Test(arguments: [
        (9600, UInt32(0x4138)), (115_200, 0x001A), (19200, 0x809C), (57600, 0xC034), (230_400, 0x000D), (1200, 0x09C4),
        (2_000_000, 0x0001), (3_000_000, 0x0000),
    ] as [(Int, UInt32)])
    func baudDivisor_rate_matchesTheFT232RTable(rate: Int, expected: UInt32) {
        #expect(FTDIAdapter.baudDivisor(rate) == expected)
    }

    @Test(arguments: [
        (SerialSettings.zvt, UInt16(0x1008)), (SerialSettings.concert, UInt16(0x0008)), (SerialSettings.concertRS232, UInt16(0x0207)),
        (SerialSettings(baudRate: 9600, parity: .odd), UInt16(0x0108)),
    ] as [(SerialSettings, UInt16)])
    func dataValue_settings_encodesBitsParityAndStopBits(settings: SerialSettings, expected: UInt16) {
        #expect(FTDIAdapter.dataValue(settings) == expected)
    }

    @Test func open_secondChannelOfFT2232_addressesChannelInTheIndex() async throws {
        // Given: an FT2232 has two vendor interfaces; requests name the channel (A = 1) in wIndex
        let device = FakeFTDIDevice(productID: 0x6010, channels: 2)
        let transport = makeTransport(device, settings: .concert)

        // When
        try await transport.open()

        // Then
        let setups = device.controlSetups
        #expect(setups.allSatisfy { $0[4] == 0x01 })
        #expect(setups[1] == [0x40, 0x03, 0x38, 0x41, 0x01, 0x00, 0x00, 0x00])
        await transport.close()
    }

    @Test func read_packetsWithStatusBytes_returnsOnlyThePayload() async throws {
        // Given: 100 bytes arrive as a 64-byte packet (2 status + 62) and a 40-byte packet (2 status + 38)
        let device = FakeFTDIDevice()
        let transport = makeTransport(device)
        try await transport.open()
        let reply = (0..<100).map { UInt8($0) }
        device.queueReply(reply)

        // When
        let bytes = try await transport.read(maxLength: 128, timeout: .milliseconds(200))

        // Then
        #expect(bytes == reply)
        await transport.close()
    }

    @Test func read_statusOnlyPackets_returnEmptyAtTheTimeout() async throws {
        // Given: the cable answers every IN request with just its two status bytes
        let device = FakeFTDIDevice()
        let transport = makeTransport(device)
        try await transport.open()

        // When
        let bytes = try await transport.read(maxLength: 16, timeout: .milliseconds(20))

        // Then
        #expect(bytes.isEmpty)
        await transport.close()
    }

    @Test func write_frame_goesOutOnBulkEndpoint2Unchanged() async throws {
        // Given
        let device = FakeFTDIDevice()
        let transport = makeTransport(device)
        try await transport.open()
        let frame: [UInt8] = [0x10, 0x02, 0x06, 0x01, 0x00, 0x10, 0x03, 0xAB, 0xCD]

        // When
        try await transport.write(frame)

        // Then
        #expect(device.events.contains(.bulkOut(frame)))
        await transport.close()
    }

    @Test(arguments: [
        ([UInt8](), [UInt8]()),
        ([0x01, 0x60], []),
        ([0x01, 0x60, 0x41, 0x42], [0x41, 0x42]),
        ([0x01, 0x60, 0x41] + [UInt8](repeating: 0x5A, count: 61) + [0x01, 0x60, 0x43], [0x41] + [UInt8](repeating: 0x5A, count: 61) + [0x43]),
    ] as [([UInt8], [UInt8])])
    func payload_bulkInBytes_stripsTwoStatusBytesPerPacket(bytes: [UInt8], expected: [UInt8]) {
        #expect(FTDIAdapter().payload(ofBulkIn: bytes, maxPacketSize: 64) == expected)
    }

    @Test func open_ftdiCableExpectedAsCDCACM_theDescriptorsChooseFTDI() async throws {
        // Given: an address whose table row (or the default) says CDC-ACM, but the device is an FTDI cable
        let device = FakeFTDIDevice()
        let transport = LibUSBTransport(vendorID: FakeFTDIDevice.vendorID, productID: FakeFTDIDevice.productID,
                                        interfaceKind: .cdcACM, api: device)

        // When
        try await transport.open()

        // Then: vendor requests, no CDC class request
        #expect(device.controlSetups.count == 6)
        #expect(device.controlSetups.allSatisfy { $0[0] == 0x40 })
        await transport.close()
    }

    @Test func adapter_cdcDeviceFromAnotherVendor_isCDCACM() {
        // Given / When
        let chosen = USBSerialAdapters.adapter(
            for: LibUSBDeviceDescriptor(vendorID: 0x0B00, productID: 0x0080), config: FakeCDCACMDevice.cdcACMConfig
        )

        // Then
        #expect(chosen?.0 is CDCACMAdapter)
    }
}
