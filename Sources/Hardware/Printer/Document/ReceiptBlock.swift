/// One element of a ``ReceiptDocument``.
///
/// Text-carrying blocks hold the text as it came from the data; sanitizing, wrapping and fitting to the width is
/// the job of ``ReceiptLayout``, so a document stays independent of the paper it is printed on.
public enum ReceiptBlock: Hashable, Sendable {
    /// A paragraph of text, word-wrapped at the width with the given style. An empty string is a blank line.
    case text(String, style: ReceiptTextStyle = .plain)
    /// A two-column line: the label on the left, the amount on the right.
    ///
    /// The amount is never broken or truncated; the label is wrapped (or truncated, if the layout says so) to fit
    /// beside it. The style's alignment is ignored; bold and size apply to the whole row.
    case row(label: String, amount: String, style: ReceiptTextStyle = .plain)
    /// A horizontal rule across the full width.
    case rule(ReceiptRuleStyle)
    /// Blank paper: this many empty lines (at least 1).
    case feed(lines: Int)
    /// A QR code.
    case qrCode(ReceiptQRCode)
    /// A one-dimensional barcode.
    case barcode(ReceiptBarcode)
    /// Cut the paper here (printers without a cutter feed the paper to the tear bar instead).
    case cut(ReceiptCutMode)
    /// Pulse a cash drawer connected to the printer's drawer port.
    case drawerKick(ReceiptDrawerPin)
    /// Text printed exactly as given: the payment terminal's own card slip.
    ///
    /// Each line keeps its spaces and is never reflowed; a line wider than the paper is broken at the width.
    /// Control characters are still removed.
    case verbatim([String])
}

/// The character a ``ReceiptBlock/rule(_:)`` is drawn with.
public enum ReceiptRuleStyle: Hashable, Sendable {
    /// A rule of `-`.
    case single
    /// A rule of `=`, for totals.
    case double

    /// The character the rule repeats.
    public var character: Character {
        switch self {
        case .single: "-"
        case .double: "="
        }
    }
}

/// How far a ``ReceiptBlock/cut(_:)`` cuts.
public enum ReceiptCutMode: Hashable, Sendable {
    /// Cut the paper through.
    case full
    /// Leave a small bridge so the receipt does not fall.
    case partial
}

/// The drawer-kick connector pin a ``ReceiptBlock/drawerKick(_:)`` pulses.
public enum ReceiptDrawerPin: Hashable, Sendable {
    /// Pin 2: the first (usually the only) drawer.
    case pin2
    /// Pin 5: the second drawer.
    case pin5
}
