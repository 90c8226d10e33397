/// Why the link parser discarded a frame.
///
/// Every case is recoverable: the parser has already dropped the damaged bytes and is ready for the
/// next frame. The receiver answers `NAK` so that the sender transmits the frame again.
public enum ConcertFrameError: Error, Hashable, Sendable {
    /// The LRC byte did not match the XOR of the payload and `ETX`.
    case checksumMismatch(expected: UInt8, received: UInt8)
    /// The payload grew past ``ConcertLinkParser/maximumPayloadLength`` before `ETX` arrived.
    case frameTooLong(limit: Int)
    /// The payload held a byte that is not printable ASCII (line noise, a lost parity bit).
    case invalidPayloadByte(UInt8, offset: Int)
}

extension ConcertFrameError: CustomStringConvertible {
    /// What went wrong, without any payload content.
    public var description: String {
        switch self {
        case .checksumMismatch(let expected, let received):
            "Concert frame LRC mismatch: expected 0x\(hex(expected)), received 0x\(hex(received))"
        case .frameTooLong(let limit):
            "Concert frame longer than \(limit) payload bytes"
        case .invalidPayloadByte(let byte, let offset):
            "Concert frame holds the non-ASCII byte 0x\(hex(byte)) at offset \(offset)"
        }
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }
}
