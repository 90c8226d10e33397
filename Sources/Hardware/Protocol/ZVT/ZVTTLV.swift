/// One BER-TLV element of a ZVT TLV container (BMP `06`).
///
/// Tags are 1 to 3 bytes (a first byte with low bits `1F` continues, and so does each following byte with
/// bit 8 set). Lengths are BER: one byte below `80`, else `81 xx` or `82 xx xx`. A tag whose first byte has
/// bit 6 (`20`) set is constructed and holds further elements, which the parser walks: terminals nest
/// `1F10`/`1F12` inside `2F` and the EMV AID `43` inside `60`.
///
/// Related spec: ZVT PA00P015 chapter 9 "TLV container"; reference/zvt.md "TLV tags".
public struct ZVTTLV: Hashable, Sendable {
    /// An element's contents.
    public enum Value: Hashable, Sendable {
        /// Raw bytes of a primitive tag.
        case primitive([UInt8])
        /// The elements inside a constructed tag.
        case constructed([ZVTTLV])
    }

    /// The tag, its bytes big-endian in an integer (`0x1F10`).
    public var tag: UInt32
    /// The contents.
    public var value: Value

    /// The deepest nesting accepted, so hostile input cannot exhaust the stack.
    public static let maximumDepth = 8

    /// Creates an element.
    public init(tag: UInt32, value: Value) {
        self.tag = tag
        self.value = value
    }

    /// A primitive element.
    public static func primitive(_ tag: UInt32, _ bytes: [UInt8]) -> ZVTTLV {
        ZVTTLV(tag: tag, value: .primitive(bytes))
    }

    /// A constructed element.
    public static func constructed(_ tag: UInt32, _ children: [ZVTTLV]) -> ZVTTLV {
        ZVTTLV(tag: tag, value: .constructed(children))
    }

    /// The bytes of a primitive element, or `nil` for a constructed one.
    public var bytes: [UInt8]? {
        if case .primitive(let bytes) = value { return bytes }
        return nil
    }

    /// The children of a constructed element (empty for a primitive one).
    public var children: [ZVTTLV] {
        if case .constructed(let children) = value { return children }
        return []
    }

    /// True when the tag's first byte marks it as constructed.
    public static func isConstructed(tag: UInt32) -> Bool {
        firstByte(of: tag) & 0x20 != 0
    }

    static func firstByte(of tag: UInt32) -> UInt8 {
        var value = tag
        while value > 0xFF { value >>= 8 }
        return UInt8(value)
    }
}

// MARK: - Search

extension Array where Element == ZVTTLV {
    /// The first element with `tag`, searching depth-first through constructed elements.
    public func first(tag: UInt32) -> ZVTTLV? {
        for element in self {
            if element.tag == tag { return element }
            if let found = element.children.first(tag: tag) { return found }
        }
        return nil
    }

    /// Every element with `tag`, depth-first in document order.
    public func all(tag: UInt32) -> [ZVTTLV] {
        flatMap { element -> [ZVTTLV] in
            (element.tag == tag ? [element] : []) + element.children.all(tag: tag)
        }
    }
}

// MARK: - Well-known tags

extension ZVTTLV {
    /// Tags ZVT terminals use in TLV containers (reference/zvt.md "TLV tags").
    public enum Tag {
        /// 07: one text line (inside 24 display texts or 25 print texts).
        public static let textLine: UInt32 = 0x07
        /// 0A: one ZVT command code (inside 26).
        public static let commandCode: UInt32 = 0x0A
        /// 12: number of printer columns (Registration).
        public static let printerColumns: UInt32 = 0x12
        /// 14: character set (Registration).
        public static let characterSet: UInt32 = 0x14
        /// 1A: the largest APDU length the ECR accepts (Registration).
        public static let maximumAPDULength: UInt32 = 0x1A
        /// 24: display texts (constructed).
        public static let displayTexts: UInt32 = 0x24
        /// 25: print texts (constructed).
        public static let printTexts: UInt32 = 0x25
        /// 26: list of permitted ZVT commands (constructed).
        public static let permittedCommands: UInt32 = 0x26
        /// 2F: payment type container (constructed; holds 1F10, 1F11, 1F12).
        public static let paymentType: UInt32 = 0x2F
        /// 43: EMV application identifier (inside 60).
        public static let applicationID: UInt32 = 0x43
        /// 44: application preferred name (inside 60).
        public static let applicationPreferredName: UInt32 = 0x44
        /// 46: EMV print data for the customer receipt.
        public static let customerPrintData: UInt32 = 0x46
        /// 47: EMV print data for the merchant receipt.
        public static let merchantPrintData: UInt32 = 0x47
        /// 60: application container (constructed).
        public static let application: UInt32 = 0x60
        /// 1F07: receipt type inside print texts (1 customer, 2 merchant, 3 administration).
        public static let receiptType: UInt32 = 0x1F07
        /// 1F10: cardholder authentication method.
        public static let cardholderAuthentication: UInt32 = 0x1F10
        /// 1F11: online flag.
        public static let onlineFlag: UInt32 = 0x1F11
        /// 1F12: card technology (0 stripe, 1 chip, 2 contactless).
        public static let cardTechnology: UInt32 = 0x1F12
        /// 1F16: extended error code.
        public static let extendedErrorCode: UInt32 = 0x1F16
        /// 1F17: extended error text.
        public static let extendedErrorText: UInt32 = 0x1F17
        /// 1F2B: trace number, long format.
        public static let longTraceNumber: UInt32 = 0x1F2B
    }
}
