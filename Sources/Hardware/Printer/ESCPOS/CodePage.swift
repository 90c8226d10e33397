/// A printer's single-byte character table: which byte prints which character, and how text is brought down to
/// the characters the table has.
///
/// Bytes 0x20–0x7E are ASCII in every table; bytes 0x80–0xFF come from the table (``pc858`` by default, with
/// `€` at 0xD5). ``transliterate(_:)`` runs before layout so that widths are counted on what will really be
/// printed:
///
/// | Text | Becomes |
/// | --- | --- |
/// | a character the table has (`é`, `ß`, `€` in PC858) | itself |
/// | `“ ” „ « »` (when missing) | `"` |
/// | `‘ ’ ‚ ‹ ›` | `'` (or `<` `>`) |
/// | `– — ‐ −` | `-` |
/// | `…` | `...` |
/// | `•` `·` (when missing) | `*` / `.` |
/// | `€` (when missing) | `EUR` |
/// | `ß` (when missing) | `ss` |
/// | `œ Œ ł Ł đ Đ ı ™` | `oe OE l L d D i TM` |
/// | any other Latin letter with marks (`ő`, `ă`, `ş`) | the letter without them |
/// | zero-width characters (marks, joiners, soft hyphen) | nothing |
/// | anything else (CJK, Hebrew, emoji) | `?` |
public struct CodePage: Sendable {
    /// The table's common name, such as "PC858".
    public let name: String
    /// The `n` of `ESC t n` that selects this table. Vendor-specific: the default is Epson's numbering (PC437 0,
    /// PC858 19); set another one for a printer that numbers its tables differently.
    public var number: UInt8
    /// Which byte prints a character, for the characters in 0x80–0xFF.
    private let bytesByCharacter: [Character: UInt8]

    /// Creates a table from the Unicode scalar values of bytes 0x80–0xFF (0 for an unused byte).
    public init(name: String, number: UInt8, high: [UInt32]) {
        precondition(high.count == 128, "a code page table lists the 128 characters of bytes 0x80–0xFF")
        self.name = name
        self.number = number
        var bytes: [Character: UInt8] = [:]
        for (offset, value) in high.enumerated() {
            // The soft hyphen and no-break space are never looked up: transliteration removes them first.
            guard value != 0, value != 0xAD, value != 0xA0, let scalar = Unicode.Scalar(value) else { continue }
            bytes[Character(scalar)] = UInt8(0x80 + offset)
        }
        self.bytesByCharacter = bytes
    }

    /// The byte that prints a character, if this table has it.
    public func byte(for character: Character) -> UInt8? {
        if let ascii = character.asciiValue { return (0x20...0x7E).contains(ascii) ? ascii : nil }
        return bytesByCharacter[character]
    }

    /// Whether this table can print a character as it is.
    public func contains(_ character: Character) -> Bool {
        byte(for: character) != nil
    }

    /// Encodes text that has been transliterated; a character the table lacks becomes `?`.
    public func encode(_ text: String) -> [UInt8] {
        if ReceiptTextSanitizer.isPrintableASCII(text) { return Array(text.utf8) }
        return text.map { byte(for: $0) ?? 0x3F }
    }

    /// Decodes bytes printed with this table (for tests and previews); unknown bytes become U+FFFD.
    public func decode(_ bytes: [UInt8]) -> String {
        var reverse: [UInt8: Character] = [:]
        for (character, byte) in bytesByCharacter { reverse[byte] = character }
        return String(bytes.map { byte -> Character in
            if (0x20...0x7E).contains(byte) { return Character(Unicode.Scalar(byte)) }
            return reverse[byte] ?? "\u{FFFD}"
        })
    }
}

extension CodePage: Hashable {
    public static func == (lhs: CodePage, rhs: CodePage) -> Bool {
        lhs.name == rhs.name && lhs.number == rhs.number
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(number)
    }
}
