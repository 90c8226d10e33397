/// Makes text from data safe to print: no control characters reach a printer.
///
/// Every text in a ``ReceiptDocument`` is data (a product name, a customer note, the terminal's slip), so
/// ``ReceiptLayout`` runs it through here before it is measured or encoded. C0 and C1 control characters, DEL and
/// ESC above all, are removed, so `"Cola\u{1B}p\u{0}"` can never open the drawer. Tabs and line breaks inside a
/// line become a space.
public enum ReceiptTextSanitizer {
    /// Removes control characters from one line of text; tabs and line breaks become single spaces.
    public static func sanitizeLine(_ text: String) -> String {
        if isPrintableASCII(text) { return text }
        var result = String.UnicodeScalarView()
        var previousWasBreak = false
        for scalar in text.unicodeScalars {
            if isLineBreak(scalar) || scalar == "\t" {
                // "\r\n" becomes one space, not two.
                if !(previousWasBreak && scalar == "\n") { result.append(" ") }
                previousWasBreak = scalar == "\r"
                continue
            }
            previousWasBreak = false
            if isControl(scalar) { continue }
            result.append(scalar)
        }
        return String(result)
    }

    /// Splits text at its line breaks (`\n`, `\r\n`, `\r`, U+2028, U+2029, U+0085) and sanitizes each line.
    public static func sanitizeLines(_ text: String) -> [String] {
        if isPrintableASCII(text) { return [text] }
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var previousWasCarriageReturn = false
        for scalar in text.unicodeScalars {
            if isLineBreak(scalar) {
                if !(previousWasCarriageReturn && scalar == "\n") {
                    lines.append(String(current))
                    current = String.UnicodeScalarView()
                }
                previousWasCarriageReturn = scalar == "\r"
                continue
            }
            previousWasCarriageReturn = false
            current.append(scalar)
        }
        lines.append(String(current))
        return lines.map(sanitizeLine)
    }

    /// Whether a scalar is a control character (general category Cc: U+0000–U+001F, U+007F–U+009F).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Only printable ASCII (U+0020–U+007E): no line break, tab or control character to sanitize, one column per
    /// byte, and every code page prints it as it is. The fast path of sanitizing, width counting and transliteration.
    static func isPrintableASCII<S: StringProtocol>(_ text: S) -> Bool {
        text.utf8.allSatisfy { (0x20...0x7E).contains($0) }
    }
}
