/// Writes ZVT APDUs as serial frames: `DLE STX`, the APDU with every `DLE` doubled, `DLE ETX`, CRC low, CRC high.
///
/// The CRC is CRC-16/KERMIT over the unstuffed APDU plus the ETX byte. Registration with password 000000,
/// config `BA`, currency 0978 and service byte 00 frames as
/// `10 02 06 00 08 00 00 00 BA 09 78 03 00 10 03 9E B6`.
///
/// Related spec: ZVT PA00P015 serial transport; reference/zvt.md "Transport".
public enum ZVTSerialFrameSerializer {
    /// Data link escape.
    public static let dle: UInt8 = 0x10
    /// Start of text.
    public static let stx: UInt8 = 0x02
    /// End of text.
    public static let etx: UInt8 = 0x03
    /// The positive link acknowledgement, sent as one bare byte.
    public static let ack: UInt8 = 0x06
    /// The negative link acknowledgement, sent as one bare byte; the sender repeats the frame.
    public static let nak: UInt8 = 0x15

    /// The frame for an APDU.
    ///
    /// - Throws: ``ZVTProtocolError/apduTooLong(length:maximum:)`` when the APDU cannot be encoded.
    public static func frame(_ apdu: ZVTAPDU) throws(ZVTProtocolError) -> [UInt8] {
        frame(payload: try apdu.encoded())
    }

    /// The frame for already encoded APDU bytes.
    public static func frame(payload: [UInt8]) -> [UInt8] {
        var crc = CRC16Kermit()
        crc.update(payload)
        crc.update(etx)
        var bytes: [UInt8] = [dle, stx]
        bytes.reserveCapacity(payload.count + 8)
        for byte in payload {
            bytes.append(byte)
            if byte == dle { bytes.append(dle) }
        }
        bytes.append(contentsOf: [dle, etx, UInt8(crc.value & 0xFF), UInt8(crc.value >> 8)])
        return bytes
    }
}
