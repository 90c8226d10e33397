/// How many monospaced columns text takes on a printer or a terminal.
///
/// Counts per grapheme cluster (a Swift `Character`), the way a terminal draws it: East Asian wide and fullwidth
/// characters and emoji take 2 columns, combining marks and zero-width format characters take 0 (they join the
/// character before them), everything else takes 1. Right-to-left letters take 1 like any other letter.
///
/// Related spec: Unicode Standard Annex #11 (East Asian Width), categories W and F; Unicode Technical
/// Standard #51 (Emoji), property Emoji_Presentation and the emoji variation selector U+FE0F.
public enum DisplayWidth {
    /// The number of columns one character takes: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        // Printable ASCII, most of a receipt and a screen, needs no Unicode property lookup ("\r\n" reads as 0x0A).
        if let ascii = character.asciiValue { return (0x20..<0x7F).contains(ascii) ? 1 : 0 }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x20 || (0x7F...0x9F).contains(first.value) { return 0 }
        if isWide(first) { return 2 }
        if first.properties.isEmojiPresentation { return 2 }
        // Text-style emoji made emoji-style ("❤️", keycaps "1️⃣") take two columns like any emoji. The selector is
        // looked for first: most characters hold one scalar, and counting them or reading a property costs more.
        if scalars.dropFirst().contains(where: { $0.value == 0xFE0F }), first.properties.isEmoji { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            return 0
        default:
            // Hangul medial vowels and final consonants compose into the syllable before them.
            return (0x1160...0x11FF).contains(first.value) ? 0 : 1
        }
    }

    /// The number of columns a string takes: the sum over its characters.
    public static func of<S: StringProtocol>(_ text: S) -> Int {
        // All printable ASCII: one column per byte, each byte its own character.
        if ReceiptTextSanitizer.isPrintableASCII(text) { return text.utf8.count }
        return text.reduce(0) { $0 + of($1) }
    }

    /// Whether a scalar is East Asian Wide or Fullwidth (UAX #11).
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value >= 0x1100 else { return false }
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// The code points whose East Asian Width is W or F, from the Unicode 14 data (Python `unicodedata`),
    /// sorted, with unassigned gaps inside a wide run merged. Planes 2 and 3 are wide as a whole.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
        0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
        0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
        0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
        0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
        0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0x303E, 0x3041...0x3247, 0x3250...0x4DBF, 0x4E00...0xA4C6, 0xA960...0xA97C,
        0xAC00...0xD7A3, 0xF900...0xFAD9, 0xFE10...0xFE19, 0xFE30...0xFE6B, 0xFF01...0xFF60,
        0xFFE0...0xFFE6, 0x16FE0...0x1B2FB, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E,
        0x1F191...0x1F19A, 0x1F200...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393,
        0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E,
        0x1F440...0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567,
        0x1F57A...0x1F57A, 0x1F595...0x1F596, 0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5,
        0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6DF, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC,
        0x1F7E0...0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FAF6,
        0x20000...0x3FFFD,
    ]
}
