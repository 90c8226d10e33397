/// Hexadecimal text for bytes, as protocol captures and test fixtures write them ("06 00 08 ...").
public enum HexBytes {
    /// Parses hex digits, ignoring spaces, newlines and colons; returns `nil` for an odd digit count or a non-hex character.
    ///
    /// ```swift
    /// HexBytes.parse("80 00 00")   // [0x80, 0x00, 0x00]
    /// ```
    public static func parse(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        var high: UInt8?
        for scalar in text.unicodeScalars {
            if scalar == " " || scalar == "\n" || scalar == "\t" || scalar == ":" || scalar == "\r" { continue }
            guard let nibble = nibbleValue(scalar) else { return nil }
            if let pending = high {
                bytes.append(pending << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return high == nil ? bytes : nil
    }

    /// Upper-case hex with a space between bytes ("06 00 08").
    public static func string(_ bytes: some Sequence<UInt8>, separator: String = " ") -> String {
        bytes.map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return byte < 0x10 ? "0" + digits : digits
        }.joined(separator: separator)
    }

    private static func nibbleValue(_ scalar: Unicode.Scalar) -> UInt8? {
        switch scalar.value {
        case 0x30...0x39: UInt8(scalar.value - 0x30)
        case 0x41...0x46: UInt8(scalar.value - 0x41 + 10)
        case 0x61...0x66: UInt8(scalar.value - 0x61 + 10)
        default: nil
        }
    }
}
