/// Print Line (06 D1): one receipt line from the terminal, attribute byte then text in CP437.
///
/// Attribute: bit 8 with other bits marks the last line; `40` centred; `20` double width; `10` double
/// height; the low nibble is the indent; `FF` means line feeds only.
///
/// Related spec: ZVT PA00P015 06 D1; reference/zvt.md "06 D1 attribute byte".
public struct ZVTPrintLine: Hashable, Sendable {
    /// The attribute byte.
    public var attribute: UInt8
    /// The decoded text.
    public var text: String

    /// Creates a line.
    public init(attribute: UInt8 = 0, text: String) {
        self.attribute = attribute
        self.text = text
    }

    /// Parses 06 D1 data.
    ///
    /// - Throws: ``ZVTProtocolError/malformedMessage(_:)`` for empty data.
    public init(data: [UInt8]) throws(ZVTProtocolError) {
        guard let attribute = data.first else { throw .malformedMessage("06 D1 without an attribute byte") }
        self.attribute = attribute
        text = attribute == 0xFF ? "" : ZVTFieldCoding.cp437Text(Array(data.dropFirst()))
    }

    /// True for the receipt's last line.
    public var isLastLine: Bool { attribute != 0xFF && attribute & 0x80 != 0 && attribute != 0x80 }

    /// The line for the counter's printer, with indentation applied.
    public var printLine: TerminalPrintLine {
        guard attribute != 0xFF else { return TerminalPrintLine(text: "") }
        let indent = String(repeating: " ", count: Int(attribute & 0x0F))
        return TerminalPrintLine(
            text: indent + text,
            isCentered: attribute & 0x40 != 0,
            isDoubleWidth: attribute & 0x20 != 0,
            isDoubleHeight: attribute & 0x10 != 0,
            isLastLine: isLastLine
        )
    }
}
