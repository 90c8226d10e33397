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

    /// 01: timeout in seconds (1 byte binary).
    public static let timeout = ZVTBMP(rawValue: 0x01)
    /// 02: maximum number of Status Information messages.
    public static let maximumStatusInfos = ZVTBMP(rawValue: 0x02)
    /// 03: service byte (flags).
    public static let serviceByte = ZVTBMP(rawValue: 0x03)
    /// 04: amount, 6-byte BCD in minor units.
    public static let amount = ZVTBMP(rawValue: 0x04)
    /// 06: TLV container.
    public static let tlvContainer = ZVTBMP(rawValue: 0x06)
    /// 0B: trace number, 3-byte BCD.
    public static let traceNumber = ZVTBMP(rawValue: 0x0B)
    /// 0C: time, 3-byte BCD HHMMSS.
    public static let time = ZVTBMP(rawValue: 0x0C)
    /// 0D: date, 2-byte BCD MMDD.
    public static let date = ZVTBMP(rawValue: 0x0D)
    /// 0E expiry date: parsed and discarded, never stored or printed.
    public static let expiryDate = ZVTBMP(rawValue: 0x0E)
    /// 17: card sequence number, 2-byte BCD.
    public static let cardSequenceNumber = ZVTBMP(rawValue: 0x17)
    /// 19: status or payment type, 1 byte.
    public static let paymentType = ZVTBMP(rawValue: 0x19)
    /// 22 PAN: LLVAR BCD with masked digits as `E` nibbles; kept only as a ``MaskedPAN``.
    public static let pan = ZVTBMP(rawValue: 0x22)
    /// 27: result code, 1 byte (00 success).
    public static let resultCode = ZVTBMP(rawValue: 0x27)
    /// 29: terminal ID, 4-byte BCD.
    public static let terminalID = ZVTBMP(rawValue: 0x29)
    /// 2A: VU (merchant) number, 15 ASCII bytes.
    public static let vuNumber = ZVTBMP(rawValue: 0x2A)
    /// 37: trace number of the original transaction.
    public static let originalTraceNumber = ZVTBMP(rawValue: 0x37)
    /// 3B: the approval (authorisation) code, not the EMV AID.
    public static let approvalCode = ZVTBMP(rawValue: 0x3B)
    /// 3C: additional data or text, LLLVAR.
    public static let additionalText = ZVTBMP(rawValue: 0x3C)
    /// 3D: password, 3-byte BCD.
    public static let password = ZVTBMP(rawValue: 0x3D)
    /// 49: currency, 2-byte BCD ISO 4217 numeric code.
    public static let currencyCode = ZVTBMP(rawValue: 0x49)
    /// 60: end-of-day individual totals, LLLVAR.
    public static let individualTotals = ZVTBMP(rawValue: 0x60)
    /// 87: receipt number, 2-byte BCD.
    public static let receiptNumber = ZVTBMP(rawValue: 0x87)
    /// 88: turnover record number, 3-byte BCD.
    public static let turnoverNumber = ZVTBMP(rawValue: 0x88)
    /// 8A: ZVT card type, 1 byte.
    public static let cardType = ZVTBMP(rawValue: 0x8A)
    /// 8B: card name, LLVAR ASCII (may be NUL-terminated).
    public static let cardName = ZVTBMP(rawValue: 0x8B)
    /// 8C: network operator card type ID, 1 byte.
    public static let cardTypeID = ZVTBMP(rawValue: 0x8C)
    /// A0: result code of the authorisation system.
    public static let resultCodeAS = ZVTBMP(rawValue: 0xA0)
    /// AA: date, 3-byte BCD YYMMDD.
    public static let longDate = ZVTBMP(rawValue: 0xAA)
    /// BA: AID parameter, 5 bytes.
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
        // Display and input control fields (text lines E1–E8 and F1–F8, durations and lengths).
        0xE0: .fixed(1), 0xE1: .llvar, 0xE2: .llvar, 0xE3: .llvar, 0xE4: .llvar, 0xE5: .llvar, 0xE6: .llvar,
        0xE7: .llvar, 0xE8: .llvar, 0xE9: .fixed(1), 0xEA: .fixed(1), 0xF0: .fixed(1), 0xF1: .llvar,
        0xF2: .llvar, 0xF3: .llvar, 0xF4: .llvar, 0xF5: .llvar, 0xF6: .llvar, 0xF7: .llvar, 0xF8: .llvar,
        0xF9: .fixed(1),
    ]

    /// 0E expiry, 23/24/2D track 2/3/1, 2E synchronous chip data, 3A CVV.
    private static let discarded: Set<UInt8> = [0x0E, 0x23, 0x24, 0x2D, 0x2E, 0x3A]
}
