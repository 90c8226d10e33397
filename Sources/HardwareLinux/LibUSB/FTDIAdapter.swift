import Hardware

/// FTDI USB-serial bridges (vendor 0x0403: FT232R/BM, FT2232, FT4232H, FT232H, FT-X): one vendor-specific
/// interface (class 0xFF) per channel with a bulk IN/OUT pair, set through vendor requests, and two modem-status
/// bytes at the start of every bulk IN packet.
///
/// Requests (libftdi `ftdi.c` and Linux `ftdi_sio.h` agree): RESET 0, SET_MODEM_CTRL 1, SET_FLOW_CTRL 2,
/// SET_BAUD_RATE 3, SET_DATA 4, SET_LATENCY_TIMER 9, all `bmRequestType` 0x40 (vendor, device, host to device).
struct FTDIAdapter: USBSerialAdapter {
    /// FTDI's USB vendor id.
    static let vendorID: UInt16 = 0x0403
    /// bmRequestType: vendor request to the device, host to device.
    static let vendorOut: UInt8 = 0x40
    static let reset: UInt8 = 0
    static let setModemControl: UInt8 = 1
    static let setFlowControl: UInt8 = 2
    static let setBaudRate: UInt8 = 3
    static let setData: UInt8 = 4
    static let setLatencyTimer: UInt8 = 9
    /// SET_MODEM_CTRL value: DTR and RTS high (enable mask in the high byte, levels in the low byte).
    static let dtrAndRTSHigh: UInt16 = 0x0303
    /// How long the chip may hold back a short IN packet, in milliseconds (the chip's default is 16; terminal
    /// dialogues are short frames, so a small value keeps the round trip fast).
    static let latencyMilliseconds: UInt16 = 4
    /// Bytes of modem and line status in front of every bulk IN packet.
    static let statusBytes = 2
    /// The base the baud divisor divides: 48 MHz, i.e. the 3 MHz serial clock in eighths.
    static let clockBase = 48_000_000

    func layout(of config: LibUSBConfigDescriptor) -> USBSerialLayout? {
        let vendorInterfaces = config.interfaces.filter { $0.interfaceClass == 0xFF }
        guard let line = vendorInterfaces.first(where: { interface in
            interface.endpoints.contains { $0.transferType == .bulk && $0.isIn }
                && interface.endpoints.contains { $0.transferType == .bulk && !$0.isIn }
        }), let bulkIn = line.endpoints.first(where: { $0.transferType == .bulk && $0.isIn }),
            let bulkOut = line.endpoints.first(where: { $0.transferType == .bulk && !$0.isIn })
        else { return nil }
        // Multi-channel chips address a channel as 1 (A), 2 (B)…; single-channel chips take 0 (as ftdi_sio does).
        let channel: UInt8 = vendorInterfaces.count > 1 ? line.number + 1 : 0
        return USBSerialLayout(interfaces: [line.number], controlInterface: line.number, bulkIn: bulkIn, bulkOut: bulkOut,
                               channel: channel)
    }

    func configureLine(_ settings: SerialSettings, layout: USBSerialLayout, handle: LibUSBHandleRef, api: any LibUSBAPI) throws(LibUSBError) {
        let channel = UInt16(layout.channel)
        let divisor = Self.baudDivisor(settings.baudRate)
        let baudIndex = layout.channel == 0 ? UInt16(divisor >> 16) : (UInt16(divisor >> 16) << 8) | channel
        let requests: [(UInt8, UInt16, UInt16)] = [
            (Self.reset, 0, channel),
            (Self.setBaudRate, UInt16(divisor & 0xFFFF), baudIndex),
            (Self.setData, Self.dataValue(settings), channel),
            (Self.setFlowControl, 0, channel),
            (Self.setModemControl, Self.dtrAndRTSHigh, channel),
            (Self.setLatencyTimer, Self.latencyMilliseconds, channel),
        ]
        for (request, value, index) in requests {
            _ = try api.controlTransferOut(
                handle, requestType: Self.vendorOut, request: request, value: value, index: index, data: [],
                timeoutMilliseconds: CDCACMAdapter.controlTimeoutMilliseconds
            )
        }
    }

    /// Each packet of up to `maxPacketSize` bytes starts with two status bytes; a packet of only those carries no data.
    func payload(ofBulkIn bytes: [UInt8], maxPacketSize: Int) -> [UInt8] {
        let packet = max(Self.statusBytes + 1, maxPacketSize)
        var payload: [UInt8] = []
        payload.reserveCapacity(bytes.count)
        var start = 0
        while start < bytes.count {
            let end = min(start + packet, bytes.count)
            if end - start > Self.statusBytes { payload += bytes[(start + Self.statusBytes)..<end] }
            start = end
        }
        return payload
    }

    /// The FT232BM/FT232R divisor: 3 MHz / baud in eighths, the fraction coded in bits 14–16 (sub-integer divisors
    /// 0, 1/8, 1/4, 3/8, 1/2, 5/8, 3/4, 7/8 → codes 0, 3, 2, 4, 1, 5, 6, 7); 1 and 1.5 are special (0 and 1).
    /// The low 16 bits go in wValue, bit 16 in wIndex. 9600 → 0x4138, 115200 → 0x001A.
    static func baudDivisor(_ baudRate: Int) -> UInt32 {
        let fractionCodes: [UInt32] = [0, 3, 2, 4, 1, 5, 6, 7]
        let baud = max(1, baudRate)
        let eighths = (clockBase + baud) / (2 * baud)   // round(24 MHz / baud) = round(8 × 3 MHz / baud)
        var divisor = UInt32(eighths >> 3) | fractionCodes[eighths & 7] << 14
        if divisor == 1 { divisor = 0 } else if divisor == 0x4001 { divisor = 1 }
        return divisor
    }

    /// SET_DATA's wValue: data bits in bits 0–7, parity in 8–10 (0 none, 1 odd, 2 even), stop bits in 11–12
    /// (0 = 1, 2 = 2). 8N2 (ZVT) = 0x1008, 8N1 = 0x0008, 7E1 = 0x0207.
    static func dataValue(_ settings: SerialSettings) -> UInt16 {
        let parity: UInt16 = switch settings.parity {
        case .none: 0
        case .odd: 1
        case .even: 2
        }
        let stop: UInt16 = settings.stopBits == .two ? 2 : 0
        return UInt16(settings.dataBits) | parity << 8 | stop << 11
    }
}
