/// A ZVT bitmap (BMP) field number and the format of its value.
///
/// Related spec: ZVT PA00P015 chapter 9 "Bitmaps"; reference/zvt.md "BMP field table" (ecrterm
/// `packets/bitmaps.py`, Portalum `Parsers/BmpParser.cs`).
public struct ZVTBMP: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// How a field's value is delimited.
    public enum Format: Hashable, Sendable {
        /// Exactly this many bytes.
        case fixed(Int)
        /// Two length bytes `F0`–`F9` (the low nibbles are the decimal byte count), then the value.
        case llvar
        /// Three length bytes `F0`–`F9`, then the value.
        case lllvar
        /// A BER length, then BER-TLV elements (BMP `06` only).
        case tlv
    }

    /// The field number.
    public let rawValue: UInt8

    /// Creates a field number.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public var description: String { "BMP " + HexBytes.string([rawValue]) }

    /// The value format, or `nil` for a field this codec does not know (its length cannot be found).
    public var format: Format? { Self.formats[rawValue] }

    /// True for card data that is read past and dropped, never kept: expiry date, track data, CVV.
    public var isDiscarded: Bool { Self.discarded.contains(rawValue) }

    // MARK: - Fields

    public static let timeout = ZVTBMP(rawValue: 0x01)
    public static let maximumStatusInfos = ZVTBMP(rawValue: 0x02)
    public static let serviceByte = ZVTBMP(rawValue: 0x03)
    public static let amount = ZVTBMP(rawValue: 0x04)
    public static let tlvContainer = ZVTBMP(rawValue: 0x06)
    public static let traceNumber = ZVTBMP(rawValue: 0x0B)
    public static let time = ZVTBMP(rawValue: 0x0C)
    public static let date = ZVTBMP(rawValue: 0x0D)
    /// 0E expiry date: parsed and discarded, never stored or printed.
    public static let expiryDate = ZVTBMP(rawValue: 0x0E)
    public static let cardSequenceNumber = ZVTBMP(rawValue: 0x17)
    public static let paymentType = ZVTBMP(rawValue: 0x19)
    /// 22 PAN: LLVAR BCD with masked digits as `E` nibbles; kept only as a ``MaskedPAN``.
    public static let pan = ZVTBMP(rawValue: 0x22)
    public static let resultCode = ZVTBMP(rawValue: 0x27)
    public static let terminalID = ZVTBMP(rawValue: 0x29)
    public static let vuNumber = ZVTBMP(rawValue: 0x2A)
    public static let originalTraceNumber = ZVTBMP(rawValue: 0x37)
    /// 3B: the approval (authorisation) code, not the EMV AID.
    public static let approvalCode = ZVTBMP(rawValue: 0x3B)
    public static let additionalText = ZVTBMP(rawValue: 0x3C)
    public static let password = ZVTBMP(rawValue: 0x3D)
    public static let currencyCode = ZVTBMP(rawValue: 0x49)
    public static let individualTotals = ZVTBMP(rawValue: 0x60)
    public static let receiptNumber = ZVTBMP(rawValue: 0x87)
    public static let turnoverNumber = ZVTBMP(rawValue: 0x88)
    public static let cardType = ZVTBMP(rawValue: 0x8A)
    public static let cardName = ZVTBMP(rawValue: 0x8B)
    public static let cardTypeID = ZVTBMP(rawValue: 0x8C)
    public static let resultCodeAS = ZVTBMP(rawValue: 0xA0)
    public static let longDate = ZVTBMP(rawValue: 0xAA)
    public static let aidParameter = ZVTBMP(rawValue: 0xBA)

    // MARK: - Tables

    private static let formats: [UInt8: Format] = [
        0x01: .fixed(1), 0x02: .fixed(1), 0x03: .fixed(1), 0x04: .fixed(6), 0x05: .fixed(1), 0x06: .tlv,
        0x0B: .fixed(3), 0x0C: .fixed(3), 0x0D: .fixed(2), 0x0E: .fixed(2), 0x17: .fixed(2), 0x19: .fixed(1),
        0x22: .llvar, 0x23: .llvar, 0x24: .lllvar, 0x27: .fixed(1), 0x29: .fixed(4), 0x2A: .fixed(15),
        0x2D: .llvar, 0x2E: .lllvar, 0x37: .fixed(3), 0x3A: .fixed(2), 0x3B: .fixed(8), 0x3C: .lllvar,
        0x3D: .fixed(3), 0x49: .fixed(2), 0x60: .lllvar, 0x87: .fixed(2), 0x88: .fixed(3), 0x8A: .fixed(1),
        0x8B: .llvar, 0x8C: .fixed(1), 0x9A: .lllvar, 0xA0: .fixed(1), 0xA7: .llvar, 0xAA: .fixed(3),
        0xAF: .lllvar, 0xBA: .fixed(5),
    ]

    /// 0E expiry, 23/24/2D track 2/3/1, 2E synchronous chip data, 3A CVV.
    private static let discarded: Set<UInt8> = [0x0E, 0x23, 0x24, 0x2D, 0x2E, 0x3A]
}
