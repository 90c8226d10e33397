/// A card number reduced to what may be stored and printed: its length and last four digits.
///
/// It never holds more than four clear digits, whatever the terminal sent: a full PAN from a terminal
/// that does not mask is cut down on arrival. The description reads like a printed slip
/// (`************0010`).
///
/// Related spec: PCI DSS 3.4 (display at most first 6 / last 4; this app keeps last 4 only);
/// reference/card-receipts.md item 7.
public struct MaskedPAN: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The last four characters of the number: digits, or `*` where the terminal masked them too.
    public let lastFour: String
    /// How many digits the full number has.
    public let length: Int

    /// The longest number accepted: BMP 22 may carry a girocard EF_ID longer than a PAN (LLVAR, 99 bytes).
    public static let maximumLength = 198

    /// Creates a masked PAN from the last four digits and the full length.
    public init?(lastFour: String, length: Int) {
        let characters = Array(lastFour)
        guard characters.count <= 4, length >= characters.count, length <= MaskedPAN.maximumLength,
              characters.allSatisfy({ $0 == "*" || ($0.asciiValue.map { (0x30...0x39).contains($0) } ?? false) })
        else { return nil }
        self.lastFour = lastFour
        self.length = length
    }

    /// Creates a masked PAN from a digit string in which `*` marks masked digits; only the last four are kept.
    public init?(digits: String) {
        let characters = Array(digits)
        guard !characters.isEmpty else { return nil }
        self.init(lastFour: String(characters.suffix(4)), length: characters.count)
    }

    /// Creates a masked PAN from ZVT BMP 22 packed BCD: `E` nibbles are masked digits, `F` is padding.
    public init?(bcd: [UInt8]) {
        var digits = ""
        for byte in bcd {
            for nibble in [byte >> 4, byte & 0x0F] {
                switch nibble {
                case 0...9: digits.append(Character(Unicode.Scalar(0x30 + nibble)))
                case 0xE: digits.append("*")
                case 0xF: continue
                default: return nil
                }
            }
        }
        self.init(digits: digits)
    }

    /// The number as a slip prints it: masks and the last four (`************0010`).
    public var description: String {
        String(repeating: "*", count: max(length - lastFour.count, 0)) + lastFour
    }

    /// ZVT BMP 22 value bytes: `E` for every hidden digit, the last four, `F` padding to a whole byte.
    public var bcd: [UInt8] {
        var nibbles = [UInt8](repeating: 0xE, count: max(length - lastFour.count, 0))
        nibbles += lastFour.unicodeScalars.map { $0 == "*" ? 0xE : UInt8($0.value - 0x30) }
        if !nibbles.count.isMultiple(of: 2) { nibbles.append(0xF) }
        return stride(from: 0, to: nibbles.count, by: 2).map { nibbles[$0] << 4 | nibbles[$0 + 1] }
    }
}
