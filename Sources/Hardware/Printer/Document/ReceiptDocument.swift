/// A receipt as a sequence of device-independent blocks: the output of template rendering and the input of every
/// ``ReceiptEncoder``.
///
/// A document says *what* to print (lines, rows, rules, codes, cut, drawer kick), never *how*: the same document
/// becomes UTF-8 text for an office printer or the screen (``PlainTextEncoder``) and ESC/POS bytes for a thermal
/// printer (``ESCPOSEncoder``), at 32, 42, 48 or any other width of at least 20 columns.
///
/// Build one in code or parse it from the line markup that templates render to (``ReceiptMarkup``):
///
/// ```swift
/// var receipt = ReceiptDocument()
/// receipt.append(.text("Corner Shop", style: ReceiptTextStyle(alignment: .center, size: .double)))
/// receipt.append(.rule(.single))
/// receipt.append(.row(label: "2 × Espresso", amount: "5.00 €"))
/// receipt.append(.cut(.partial))
/// let bytes = ESCPOSEncoder(profile: .generic80mm).encode(receipt, width: 48)
/// ```
///
/// Text in a document is data: encoders strip control characters from it (see ``ReceiptTextSanitizer``), so a
/// product name can never inject printer commands.
///
/// ## Topics
/// - ``ReceiptBlock``
/// - ``ReceiptMarkup``
/// - ``ReceiptLayout``
public struct ReceiptDocument: Hashable, Sendable {
    /// The blocks in print order.
    public var blocks: [ReceiptBlock]

    /// Creates a document from blocks.
    public init(_ blocks: [ReceiptBlock] = []) {
        self.blocks = blocks
    }

    /// Appends one block.
    public mutating func append(_ block: ReceiptBlock) {
        blocks.append(block)
    }

    /// Appends the blocks of another document (a card slip after a sale receipt, for example).
    public mutating func append(contentsOf other: ReceiptDocument) {
        blocks.append(contentsOf: other.blocks)
    }
}

extension ReceiptDocument: ExpressibleByArrayLiteral {
    /// Creates a document from a literal list of blocks.
    public init(arrayLiteral elements: ReceiptBlock...) {
        self.init(elements)
    }
}
