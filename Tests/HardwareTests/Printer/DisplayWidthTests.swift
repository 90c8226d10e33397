import Testing
@testable import Hardware

struct DisplayWidthTests {
    @Test(arguments: [
        ("A", 1), ("é", 1), ("e\u{301}", 1), ("ß", 1), ("€", 1),
        ("中", 2), ("ラ", 2), ("한", 2), ("Ａ", 2),          // CJK, kana, Hangul, fullwidth Latin
        ("😀", 2), ("👍🏽", 2), ("👩‍👩‍👧", 2), ("🇩🇪", 2), ("❤️", 2), ("1️⃣", 2),
        ("\u{301}", 0), ("\u{200B}", 0), ("\u{AD}", 0), ("\u{1B}", 0),
        ("א", 1), ("ب", 1),                                 // Hebrew, Arabic: one column, logical order
    ])
    func of_character_countsTerminalColumns(text: String, expected: Int) {
        // Given / When
        let width = DisplayWidth.of(text)

        // Then
        #expect(width == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func of_mixedString_sumsItsCharacters() {
        // Given "Matcha " (7) + 抹茶 (4) + " 🍵" (3)
        // When / Then
        #expect(DisplayWidth.of("Matcha 抹茶 🍵") == 14)
    }
}
