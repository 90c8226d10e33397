import Hardware
@testable import HardwareLinux
import Testing

@Suite struct LibUSBTransportTests {
    private func makeTransport(_ device: FakeCDCACMDevice, settings: SerialSettings = .zvt, serial: String? = nil) -> LibUSBTransport {
        LibUSBTransport(vendorID: FakeCDCACMDevice.vendorID, productID: FakeCDCACMDevice.productID, serialNumber: serial,
                        settings: settings, api: device)
    }

    @Test func open_cdcACMDevice_detachesClaimsThenSetsLineCodingAndDTR() async throws {
        // Given
        let device = FakeCDCACMDevice()
        let transport = makeTransport(device)

        // When
        try await transport.open()

        // Then: the kernel driver is detached from both interfaces before they are claimed, then the line is set
        let setup = device.events.filter {
            switch $0 {
            case .call(.detachKernelDriver, _), .call(.claimInterface, _), .control: true
            default: false
            }
        }
        #expect(setup == [
            .call(.detachKernelDriver, interface: 0), .call(.detachKernelDriver, interface: 1),
            .call(.claimInterface, interface: 0), .call(.claimInterface, interface: 1),
            // SET_LINE_CODING to interface 0: 9600 (80 25 00 00), 2 stop bits, no parity, 8 data bits
            .control(setup: [0x21, 0x20, 0x00, 0x00, 0x00, 0x00, 0x07, 0x00], data: [0x80, 0x25, 0x00, 0x00, 0x02, 0x00, 0x08]),
            // SET_CONTROL_LINE_STATE: DTR | RTS
            .control(setup: [0x21, 0x22, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00], data: []),
        ])
        #expect(device.snapshot.claimed == [0, 1])
        await transport.close()
    }

    @Test(arguments: [
        (SerialSettings.concert, [UInt8]([0x80, 0x25, 0x00, 0x00, 0x00, 0x00, 0x08])),
        (SerialSettings.concertRS232, [0x80, 0x25, 0x00, 0x00, 0x00, 0x02, 0x07]),
        (SerialSettings(baudRate: 115200, parity: .odd, stopBits: .two), [0x00, 0xC2, 0x01, 0x00, 0x02, 0x01, 0x08]),
    ])
    func lineCoding_settings_encodeLittleEndianRateStopParityBits(settings: SerialSettings, expected: [UInt8]) {
        #expect(CDCACMAdapter.lineCoding(settings) == expected)
    }

    @Test func writeThenRead_echoingDevice_bytesTravelOverBulkEndpoints() async throws {
        // Given
        let device = FakeCDCACMDevice(replyMode: .echo)
        let transport = makeTransport(device)
        try await transport.open()
        let frame: [UInt8] = [0x10, 0x02, 0x06, 0x00, 0x00, 0xFF, 0x10, 0x10, 0x10, 0x03]

        // When
        try await transport.write(frame)
        let first = try await transport.read(maxLength: 4, timeout: .milliseconds(100))
        let rest = try await transport.read(maxLength: 64, timeout: .milliseconds(100))

        // Then: the IN transfer asked for a whole packet; the surplus is kept for the next read
        #expect(first == Array(frame.prefix(4)))
        #expect(rest == Array(frame.dropFirst(4)))
        #expect(device.events.contains(.bulkOut(frame)))
        await transport.close()
    }

    @Test func read_nothingQueued_returnsEmptyOnTimeout() async throws {
        // Given
        let device = FakeCDCACMDevice(replyMode: .scripted)
        let transport = makeTransport(device)
        try await transport.open()

        // When
        let bytes = try await transport.read(maxLength: 16, timeout: .milliseconds(10))

        // Then
        #expect(bytes.isEmpty)
        await transport.close()
    }

    @Test func read_partialTransferThenTimeout_returnsThePartialBytes() async throws {
        // Given
        let device = FakeCDCACMDevice(replyMode: .scripted)
        let transport = makeTransport(device)
        try await transport.open()
        device.queueReply([0x06, 0x80, 0x00, 0x00])
        device.deliverPartialThenTimeout(2)

        // When
        let partial = try await transport.read(maxLength: 16, timeout: .milliseconds(10))
        let rest = try await transport.read(maxLength: 16, timeout: .milliseconds(10))

        // Then
        #expect(partial == [0x06, 0x80])
        #expect(rest == [0x00, 0x00])
        await transport.close()
    }

    @Test func close_afterOpen_releasesReattachesAndCloses() async throws {
        // Given
        let device = FakeCDCACMDevice()
        let transport = makeTransport(device)
        try await transport.open()

        // When
        await transport.close()

        // Then
        let snapshot = device.snapshot
        #expect(snapshot.claimed.isEmpty)
        #expect(snapshot.kernelDriverBound == [0, 1])
        #expect(snapshot.openHandles == 0)
        #expect(device.events.suffix(2) == [.close, .exit])
    }

    @Test func open_serialNumberMatches_opensTheDevice() async throws {
        // Given
        let device = FakeCDCACMDevice()
        let transport = makeTransport(device, serial: FakeCDCACMDevice.serialNumber)

        // When / Then
        try await transport.open()
        await transport.close()
    }

    @Test func open_serialNumberDiffers_throwsNotFound() async throws {
        // Given
        let device = FakeCDCACMDevice()
        let transport = makeTransport(device, serial: "OTHER")

        // When / Then
        let error = await #expect(throws: TransportError.self) { try await transport.open() }
        #expect(error?.code == .notFound)
        #expect(device.snapshot.openHandles == 0)
    }

    @Test func open_noSuchDevice_throwsNotFound() async throws {
        // Given
        let transport = LibUSBTransport(vendorID: 0x079B, productID: 0x0028, api: FakeCDCACMDevice())

        // When / Then
        let error = await #expect(throws: TransportError.self) { try await transport.open() }
        #expect(error?.code == .notFound)
    }

    @Test(arguments: [
        (FakeCDCACMDevice.Call.open, LibUSBError.access, TransportError.Code.permissionDenied),
        (.claimInterface, .busy, .busy),
        (.detachKernelDriver, .noDevice, .deviceGone),
        (.controlTransfer, .noDevice, .deviceGone),
        (.activeConfigDescriptor, .notFound, .notFound),
        (.initialize, .other, .ioFailure),
        (.kernelDriverActive, .access, .permissionDenied),
    ])
    func open_libusbFailsAtStep_mapsTheError(call: FakeCDCACMDevice.Call, error: LibUSBError, expected: TransportError.Code) async throws {
        // Given
        let device = FakeCDCACMDevice()
        device.fail(call, with: error)
        let transport = makeTransport(device)

        // When
        let thrown = await #expect(throws: TransportError.self) { try await transport.open() }

        // Then: mapped, and nothing stays claimed or open
        #expect(thrown?.code == expected)
        if expected == .permissionDenied {
            #expect(thrown?.underlying?.contains("install-udev-rules") == true)
        }
        #expect(device.snapshot.claimed.isEmpty)
        #expect(device.snapshot.openHandles == 0)
    }

    @Test(arguments: [
        (FakeCDCACMDevice.Call.bulkIn, LibUSBError.noDevice, TransportError.Code.deviceGone),
        (.bulkIn, .io, .ioFailure),
        (.bulkOut, .noDevice, .deviceGone),
        (.bulkOut, .timeout, .timedOut),
    ])
    func readWrite_libusbFails_mapsTheError(call: FakeCDCACMDevice.Call, error: LibUSBError, expected: TransportError.Code) async throws {
        // Given
        let device = FakeCDCACMDevice()
        let transport = LibUSBTransport(vendorID: FakeCDCACMDevice.vendorID, productID: FakeCDCACMDevice.productID,
                                        writeTimeout: .milliseconds(20), api: device)
        try await transport.open()
        device.fail(call, with: error)

        // When
        let thrown = await #expect(throws: TransportError.self) {
            if call == .bulkIn {
                _ = try await transport.read(maxLength: 8, timeout: .milliseconds(10))
            } else {
                try await transport.write([0x01])
            }
        }

        // Then
        #expect(thrown?.code == expected)
    }

    @Test func write_unplugged_closesAndLaterCallsThrowClosed() async throws {
        // Given
        let device = FakeCDCACMDevice()
        let transport = makeTransport(device)
        try await transport.open()
        device.fail(.bulkOut, with: .noDevice)
        _ = try? await transport.write([0x01])

        // When
        let error = await #expect(throws: TransportError.self) { try await transport.write([0x02]) }

        // Then
        #expect(error?.code == .closed)
        #expect(device.snapshot.openHandles == 0)
    }

    @Test func open_deviceWithoutCDCDataInterface_throwsIOFailureAndClosesTheHandle() async throws {
        // Given: a device whose configuration has no bulk data interface
        let device = FakeCDCACMDevice(config: LibUSBConfigDescriptor(interfaces: [
            LibUSBInterfaceDescriptor(number: 0, interfaceClass: 0xFF, interfaceSubclass: 0xFF, interfaceProtocol: 0xFF,
                                      endpoints: [LibUSBEndpointDescriptor(address: 0x81, transferType: .interrupt, maxPacketSize: 8)]),
        ]))
        let transport = makeTransport(device)

        // When
        let error = await #expect(throws: TransportError.self) { try await transport.open() }

        // Then
        #expect(error?.code == .ioFailure)
        #expect(device.snapshot.openHandles == 0)
    }
}
