/// How a line of text is printed: alignment, emphasis and character size.
public struct ReceiptTextStyle: Hashable, Sendable {
    /// Where a line sits between the margins.
    public var alignment: ReceiptTextAlignment
    /// Whether the text is emphasised (bold).
    public var isBold: Bool
    /// Character size.
    public var size: ReceiptTextSize

    /// Creates a style.
    public init(alignment: ReceiptTextAlignment = .left, bold: Bool = false, size: ReceiptTextSize = .normal) {
        self.alignment = alignment
        self.isBold = bold
        self.size = size
    }

    /// Left-aligned, regular, normal size.
    public static let plain = ReceiptTextStyle()
}

/// Where a line sits between the margins.
public enum ReceiptTextAlignment: Hashable, Sendable {
    /// Against the left margin.
    case left
    /// Centered between the margins.
    case center
    /// Against the right margin.
    case right
}

/// Character size: each character is scaled by an integer factor in width and height.
public enum ReceiptTextSize: Hashable, Sendable {
    /// The printer's normal character size.
    case normal
    /// Twice as tall, normal width: the same number of columns.
    case doubleHeight
    /// Twice as wide, normal height: half the columns.
    case doubleWidth
    /// Twice as wide and twice as tall: half the columns.
    case double

    /// How many times wider each character is than at normal size (1 or 2).
    public var widthFactor: Int {
        switch self {
        case .normal, .doubleHeight: 1
        case .doubleWidth, .double: 2
        }
    }

    /// How many times taller each character is than at normal size (1 or 2).
    public var heightFactor: Int {
        switch self {
        case .normal, .doubleWidth: 1
        case .doubleHeight, .double: 2
        }
    }
}
