import Foundation

/// The few DER (X.690) encodings a TR-03151 log message needs: tag-length-value with definite lengths, INTEGER,
/// OBJECT IDENTIFIER. Hand-written because these five rules are all it takes; nothing here parses.
enum DER {
    /// Universal and context tags used by the log message.
    enum Tag {
        static let integer: UInt8 = 0x02
        static let octetString: UInt8 = 0x04
        static let objectIdentifier: UInt8 = 0x06
        static let printableString: UInt8 = 0x13
        static let sequence: UInt8 = 0x30
        /// `[n] IMPLICIT` on a primitive value.
        static func context(_ number: UInt8) -> UInt8 { 0x80 | number }
    }

    /// `tag || length || value`.
    static func tlv(_ tag: UInt8, _ value: [UInt8]) -> [UInt8] {
        [tag] + length(value.count) + value
    }

    /// The definite length: short form below 128, long form above.
    static func length(_ count: Int) -> [UInt8] {
        if count < 0x80 { return [UInt8(count)] }
        var bytes: [UInt8] = []
        var remaining = count
        while remaining > 0 {
            bytes.insert(UInt8(remaining & 0xFF), at: 0)
            remaining >>= 8
        }
        return [0x80 | UInt8(bytes.count)] + bytes
    }

    /// The value octets of a non-negative INTEGER: big-endian, minimal, with a leading 0 when the top bit is set.
    static func integerValue(_ value: Int) -> [UInt8] {
        precondition(value >= 0, "log message integers are never negative")
        var bytes: [UInt8] = []
        var remaining = value
        repeat {
            bytes.insert(UInt8(remaining & 0xFF), at: 0)
            remaining >>= 8
        } while remaining > 0
        if bytes[0] & 0x80 != 0 { bytes.insert(0, at: 0) }
        return bytes
    }

    /// The value octets of an OBJECT IDENTIFIER written as dotted text (`0.4.0.127.0.7.3.7.1.1`).
    static func objectIdentifierValue(_ dotted: String) -> [UInt8] {
        let arcs = dotted.split(separator: ".").compactMap { Int($0) }
        precondition(arcs.count >= 2, "an OID has at least two arcs")
        var bytes = base128(arcs[0] * 40 + arcs[1])
        for arc in arcs.dropFirst(2) { bytes += base128(arc) }
        return bytes
    }

    private static func base128(_ value: Int) -> [UInt8] {
        var bytes = [UInt8(value & 0x7F)]
        var remaining = value >> 7
        while remaining > 0 {
            bytes.insert(UInt8(remaining & 0x7F) | 0x80, at: 0)
            remaining >>= 7
        }
        return bytes
    }
}
