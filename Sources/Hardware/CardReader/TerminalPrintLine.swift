/// One line of receipt text the terminal sent for the counter to print, with card numbers and expiry dates
/// masked on arrival (``CardDataRedactor``).
public struct TerminalPrintLine: Hashable, Sendable, Codable {
    /// The text, already decoded from the terminal's character set.
    public var text: String
    /// Centred.
    public var isCentered: Bool
    /// Double width.
    public var isDoubleWidth: Bool
    /// Double height.
    public var isDoubleHeight: Bool
    /// The last line of the receipt: the printer may cut after it.
    public var isLastLine: Bool

    /// Creates a line; card data in `text` is masked.
    public init(text: String, isCentered: Bool = false, isDoubleWidth: Bool = false, isDoubleHeight: Bool = false,
                isLastLine: Bool = false) {
        self.text = CardDataRedactor.redact(text)
        self.isCentered = isCentered
        self.isDoubleWidth = isDoubleWidth
        self.isDoubleHeight = isDoubleHeight
        self.isLastLine = isLastLine
    }
}
