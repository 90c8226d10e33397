import Hardware

/// USB CDC-ACM (communications class 0x02, abstract control model 0x02, plus a data class 0x0A interface): the
/// line of most payment terminals when "Cash Connection = USB" is set.
struct CDCACMAdapter: USBSerialAdapter {
    /// bmRequestType for class requests to an interface, host to device.
    static let classInterfaceOut: UInt8 = 0x21
    /// SET_LINE_CODING (CDC PSTN 6.3.10).
    static let setLineCoding: UInt8 = 0x20
    /// SET_CONTROL_LINE_STATE (CDC PSTN 6.3.12).
    static let setControlLineState: UInt8 = 0x22
    /// DTR (bit 0) and RTS (bit 1).
    static let dtrAndRTS: UInt16 = 0x0003
    /// How long a control request may take.
    static let controlTimeoutMilliseconds: UInt32 = 1000

    func layout(of config: LibUSBConfigDescriptor) -> USBSerialLayout? {
        guard let data = config.interfaces.first(where: { interface in
            interface.interfaceClass == 0x0A
                && interface.endpoints.contains { $0.transferType == .bulk && $0.isIn }
                && interface.endpoints.contains { $0.transferType == .bulk && !$0.isIn }
        }) else { return nil }
        guard let bulkIn = data.endpoints.first(where: { $0.transferType == .bulk && $0.isIn }),
            let bulkOut = data.endpoints.first(where: { $0.transferType == .bulk && !$0.isIn })
        else { return nil }
        let control = config.interfaces.first { $0.interfaceClass == 0x02 && $0.interfaceSubclass == 0x02 }
        let controlNumber = control?.number ?? data.number
        let interfaces = control.map { [$0.number, data.number] } ?? [data.number]
        return USBSerialLayout(interfaces: interfaces, controlInterface: controlNumber, bulkIn: bulkIn, bulkOut: bulkOut)
    }

    func configureLine(_ settings: SerialSettings, layout: USBSerialLayout, handle: LibUSBHandleRef, api: any LibUSBAPI) throws(LibUSBError) {
        let coding = Self.lineCoding(settings)
        let sent = try api.controlTransferOut(
            handle, requestType: Self.classInterfaceOut, request: Self.setLineCoding, value: 0,
            index: UInt16(layout.controlInterface), data: coding, timeoutMilliseconds: Self.controlTimeoutMilliseconds
        )
        guard sent == coding.count else { throw .io }
        _ = try api.controlTransferOut(
            handle, requestType: Self.classInterfaceOut, request: Self.setControlLineState, value: Self.dtrAndRTS,
            index: UInt16(layout.controlInterface), data: [], timeoutMilliseconds: Self.controlTimeoutMilliseconds
        )
    }

    /// The 7-byte line coding: dwDTERate (little-endian), bCharFormat (0 = 1 stop bit, 2 = 2), bParityType
    /// (0 none, 1 odd, 2 even), bDataBits.
    static func lineCoding(_ settings: SerialSettings) -> [UInt8] {
        let rate = UInt32(clamping: settings.baudRate)
        let stop: UInt8 = settings.stopBits == .two ? 2 : 0
        let parity: UInt8 = switch settings.parity {
        case .none: 0
        case .odd: 1
        case .even: 2
        }
        return [UInt8(rate & 0xFF), UInt8((rate >> 8) & 0xFF), UInt8((rate >> 16) & 0xFF), UInt8(rate >> 24), stop, parity, UInt8(settings.dataBits)]
    }
}
