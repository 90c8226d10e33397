/// How many terminal cells text takes: East Asian wide and emoji characters take two, combining marks none.
public enum TextWidth {
    /// The cells one character takes (0, 1 or 2).
    public static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        let value = first.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if first.properties.generalCategory == .nonspacingMark || first.properties.generalCategory == .enclosingMark {
            return 0
        }
        if isWide(value) || character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        return 1
    }

    /// The cells a string takes.
    public static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The longest prefix of `text` that fits in `width` cells.
    public static func prefix(_ text: String, fitting width: Int) -> String {
        var used = 0
        var result = ""
        for character in text {
            let cells = of(character)
            if used + cells > width { break }
            used += cells
            result.append(character)
        }
        return result
    }

    /// `text` as is when it fits in `width` cells, else cut with a trailing "…".
    public static func fitted(_ text: String, to width: Int) -> String {
        guard of(text) > width else { return text }
        guard width > 0 else { return "" }
        return prefix(text, fitting: width - 1) + "…"
    }

    /// `text` padded with spaces (or cut, ending in "…") to exactly `width` cells.
    public static func padded(_ text: String, to width: Int) -> String {
        let cut = fitted(text, to: width)
        return cut + String(repeating: " ", count: max(0, width - of(cut)))
    }

    /// `text` right-aligned in `width` cells.
    public static func rightAligned(_ text: String, in width: Int) -> String {
        let cut = fitted(text, to: width)
        return String(repeating: " ", count: max(0, width - of(cut))) + cut
    }

    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
