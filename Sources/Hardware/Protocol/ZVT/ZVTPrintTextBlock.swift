/// Print Text Block (06 D3): a whole receipt in one TLV container, `06 { 25 { 1F07 type, 07 line, ... } }`.
///
/// Related spec: ZVT PA00P015 06 D3; reference/zvt.md "Commands".
public struct ZVTPrintTextBlock: Hashable, Sendable {
    /// Which receipt this is.
    public enum ReceiptType: UInt8, Hashable, Sendable {
        /// The cardholder's copy.
        case customer = 1
        /// The merchant's copy.
        case merchant = 2
        /// An administration receipt (end of day, diagnosis).
        case administration = 3
    }

    /// The receipt type from TLV 1F07, when sent.
    public var receiptType: ReceiptType?
    /// The lines, decoded from CP437.
    public var lines: [String]

    /// Creates a block.
    public init(receiptType: ReceiptType? = nil, lines: [String]) {
        self.receiptType = receiptType
        self.lines = lines
    }

    /// Parses 06 D3 data.
    ///
    /// - Throws: TLV and field errors for a malformed container.
    public init(data: [UInt8]) throws(ZVTProtocolError) {
        let tlv = try ZVTFieldList.parse(data).tlv
        receiptType = tlv.first(tag: ZVTTLV.Tag.receiptType)?.bytes?.first.flatMap(ReceiptType.init(rawValue:))
        lines = tlv.all(tag: ZVTTLV.Tag.textLine).compactMap { $0.bytes.map(ZVTFieldCoding.cp437Text) }
    }
}
