import Testing
@testable import Hardware

struct CodePageTests {
    @Test func encode_euroInPC858_isD5() {
        // When / Then
        #expect(CodePage.pc858.encode("€") == [0xD5])
        #expect(CodePage.pc858.number == 19)
    }

    @Test func encode_germanAndFrenchLetters_useTheirPC858Bytes() {
        // Given python-escpos's reference for "€ Grüße"
        let reference = printerBytes(hex: ESCPOSGoldenFixtures.euroInPC858).dropFirst(3).dropLast()

        // When / Then
        #expect(CodePage.pc858.encode("€ Grüße") == Array(reference))
        #expect(CodePage.pc858.encode("Ææ Øø Çç ñ £") == [0x92, 0x91, 0x20, 0x9D, 0x9B, 0x20, 0x80, 0x87, 0x20, 0xA4, 0x20, 0x9C])
    }

    @Test func encode_decomposedAccent_findsThePrecomposedByte() {
        // Given "é" as e + COMBINING ACUTE ACCENT
        // When / Then
        #expect(CodePage.pc858.encode("e\u{301}") == [0x82])
    }

    @Test(arguments: [
        ("“Quote” „Zitat“", "\"Quote\" \"Zitat\""),
        ("‘single’", "'single'"),
        ("2–3 — ok", "2-3 - ok"),
        ("Wait…", "Wait..."),
        ("Straße", "Straße"),
        ("Łódź", "Lódz"),
        ("Őrség Ştefan Čapek", "Orség Stefan Capek"),
        ("œuvre", "oeuvre"),
        ("Tm™", "TmTM"),
        ("n\u{AD}o\u{200B}w", "now"),
        ("a\u{A0}b", "a b"),
        ("抹茶", "??"),
        ("שלום", "????"),
        ("🍵👩‍👩‍👧", "??"),
        ("• item", "· item"),
    ])
    func transliterate_toPC858_followsTheDocumentedTable(text: String, expected: String) {
        // When / Then
        #expect(CodePage.pc858.transliterate(text) == expected)
    }

    @Test func transliterate_toPC437_spellsEuroAndKeepsSharpS() {
        // When / Then
        #expect(CodePage.pc437.transliterate("5 € Straße Ø") == "5 EUR Straße O")
    }

    @Test func transliterate_everyResult_isEncodableWithoutQuestionMarks() {
        // Given a mix of Latin text from across Europe
        let text = "Ærøskøbing Größe façade São Paulo Kraków İstanbul Dvořák Œuvre «x» ‹y›"

        // When
        let result = CodePage.pc858.transliterate(text)

        // Then
        #expect(!result.contains("?"))
        #expect(CodePage.pc858.decode(CodePage.pc858.encode(result)) == result)
    }

    @Test func decode_pc858Bytes_roundTripsEveryHighCharacter() {
        // Given every byte 0x80–0xFF except the soft hyphen (0xF0) and no-break space (0xFF)
        let bytes = (0x80...0xFE).map { UInt8($0) }.filter { $0 != 0xF0 }

        // When
        let text = CodePage.pc858.decode(bytes)

        // Then
        #expect(CodePage.pc858.encode(text) == bytes)
    }
}
