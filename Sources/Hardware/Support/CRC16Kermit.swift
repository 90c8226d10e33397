/// CRC-16/KERMIT: the CCITT polynomial reflected (0x8408), initial value 0, no final XOR.
///
/// ZVT's serial framing uses it over the unstuffed APDU plus the ETX byte and sends it low byte first.
/// The check value for the ASCII text "123456789" is 0x2189.
///
/// Related spec: ZVT PA00P015 serial transport; reference/zvt.md "Transport".
public struct CRC16Kermit: Sendable, Hashable {
    /// The checksum of the bytes fed so far.
    public private(set) var value: UInt16 = 0

    /// Starts a checksum with the initial value 0.
    public init() {}

    /// Feeds one byte.
    public mutating func update(_ byte: UInt8) {
        var crc = value ^ UInt16(byte)
        for _ in 0..<8 {
            crc = crc & 1 == 1 ? (crc >> 1) ^ 0x8408 : crc >> 1
        }
        value = crc
    }

    /// Feeds several bytes.
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { update(byte) }
    }

    /// The checksum of `bytes`.
    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt16 {
        var crc = CRC16Kermit()
        crc.update(bytes)
        return crc.value
    }
}
