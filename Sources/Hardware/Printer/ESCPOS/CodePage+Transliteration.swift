// MARK: - Transliteration

extension CodePage {
    /// Brings text down to characters this table can print; see the table on ``CodePage``.
    ///
    /// Widths are preserved where they can be (one character for one), so a receipt laid out after
    /// transliteration lines up on paper.
    public func transliterate(_ text: String) -> String {
        // Every table prints printable ASCII as it is.
        if ReceiptTextSanitizer.isPrintableASCII(text) { return text }
        var result = ""
        for character in text {
            result += transliterate(character)
        }
        return result
    }

    /// The replacement for one character: itself, a substitute, the bare letter, nothing, or `?`.
    func transliterate(_ character: Character) -> String {
        if contains(character) { return String(character) }
        if let substitutes = Self.substitutes[character] {
            for substitute in substitutes where substitute.allSatisfy(contains) { return substitute }
        }
        guard let first = character.unicodeScalars.first else { return "" }
        if DisplayWidth.of(character) == 0 { return "" }
        // A base letter followed by combining marks: print the base letter if the table has it.
        if character.unicodeScalars.count > 1 {
            let base = Character(first)
            let replacement = transliterate(base)
            if replacement != "?" { return replacement }
        }
        if let letter = Self.baseLatinLetter(of: first), contains(letter) { return String(letter) }
        return "?"
    }

    /// Substitutes to try in order, for characters that are often missing from a code page.
    static let substitutes: [Character: [String]] = [
        "\u{201C}": ["\""], "\u{201D}": ["\""], "\u{201E}": ["\""], "\u{201F}": ["\""], "\u{2033}": ["\""],
        "«": ["\""], "»": ["\""],
        "\u{2018}": ["'"], "\u{2019}": ["'"], "\u{201A}": ["'"], "\u{201B}": ["'"], "\u{2032}": ["'"], "´": ["'"],
        "‹": ["<"], "›": [">"],
        "\u{2010}": ["-"], "\u{2011}": ["-"], "\u{2012}": ["-"], "\u{2013}": ["-"], "\u{2014}": ["-"],
        "\u{2015}": ["-"], "\u{2212}": ["-"],
        "…": ["..."], "•": ["·", "*"], "·": ["."], "¦": ["|"],
        "\u{00A0}": [" "], "\u{2007}": [" "], "\u{202F}": [" "], "\u{2009}": [" "], "\u{3000}": ["  "],
        "€": ["EUR"], "£": ["GBP"], "¥": ["JPY"], "¢": ["c"], "₹": ["INR"], "₺": ["TL"], "₽": ["RUB"], "₩": ["KRW"],
        "ß": ["ss"], "ẞ": ["SS"], "æ": ["ae"], "Æ": ["AE"], "œ": ["oe"], "Œ": ["OE"], "ø": ["o"], "Ø": ["O"],
        "ł": ["l"], "Ł": ["L"], "đ": ["d"], "Đ": ["D"], "ı": ["i"], "ð": ["d"], "Ð": ["D"], "þ": ["th"], "Þ": ["TH"],
        "™": ["TM"], "©": ["(C)"], "®": ["(R)"], "×": ["x"], "÷": ["/"], "½": ["1/2"], "¼": ["1/4"], "¾": ["3/4"],
        "°": ["o"], "±": ["+/-"], "µ": ["u"], "§": ["S"], "¹": ["1"], "²": ["2"], "³": ["3"],
    ]

    /// The plain ASCII letter of a Latin letter with marks (`ő` → `o`, `Ş` → `S`, `ı` → `i`), from its Unicode
    /// name: "LATIN SMALL LETTER O WITH DOUBLE ACUTE".
    static func baseLatinLetter(of scalar: Unicode.Scalar) -> Character? {
        guard let name = scalar.properties.name else { return nil }
        let isSmall: Bool
        let rest: Substring
        if name.hasPrefix("LATIN SMALL LETTER ") {
            isSmall = true
            rest = name.dropFirst("LATIN SMALL LETTER ".count)
        } else if name.hasPrefix("LATIN CAPITAL LETTER ") {
            isSmall = false
            rest = name.dropFirst("LATIN CAPITAL LETTER ".count)
        } else {
            return nil
        }
        var words = rest.split(separator: " ")
        if words.first == "DOTLESS" { words.removeFirst() }
        guard let letter = words.first, letter.count == 1, let ascii = letter.first?.asciiValue,
              (0x41...0x5A).contains(ascii), words.count == 1 || words[1] == "WITH"
        else { return nil }
        return Character(Unicode.Scalar(isSmall ? ascii + 0x20 : ascii))
    }
}
