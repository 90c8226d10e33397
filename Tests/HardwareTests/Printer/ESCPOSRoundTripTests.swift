import Testing
@testable import Hardware

/// The encoder's output read back by the tokenizer, for a whole receipt at each width.
struct ESCPOSRoundTripTests {
    private static let markup = """
        @center @bold @double Café Zürich
        @center Bahnhofstraße 1 · 8001 Zürich
        @rule
        @row 2 x Espresso doppio|9,00 €
        @row 1 x Croissant „au beurre“ mit Füllung aus Mandelcreme|3,80 €
        @row Cola\u{1B}p\u{0}\u{19}\u{FA}|2,50 €
        @rule =
        @bold @tall @row Summe|15,30 €
        @feed 2
        @qr https://cafe.example/r/1042?t=2026-11-21T20:15
        @barcode ean13 400638133393
        @verbatim
            KUNDENBELEG
        Betrag EUR            15,30
        Karte   ************1234
        @end
        @drawer
        @cut partial
        """

    @Test(arguments: [32, 42, 48])
    func tokenize_encodedReceipt_givesBackTheEncoderTokens(width: Int) throws {
        // Given
        let encoder = ESCPOSEncoder(profile: .generic80mm)
        let document = try ReceiptMarkup.parse(Self.markup)

        // When
        let bytes = encoder.encode(document, width: width)
        let tokens = try ESCPOSTokenizer.tokenize(bytes)

        // Then
        #expect(tokens == encoder.tokens(for: document, width: width))
        #expect(tokens.flatMap(\.bytes) == bytes)
        #expect(!tokens.contains { if case .unknown = $0 { true } else if case .control = $0 { true } else { false } })
    }

    @Test(arguments: [32, 42, 48])
    func encode_receipt_printsLinesNoWiderThanTheirColumns(width: Int) throws {
        // Given
        let document = try ReceiptMarkup.parse(Self.markup)
        let tokens = try ESCPOSTokenizer.tokenize(ESCPOSEncoder().encode(document, width: width))

        // When: track the character width as the printer would
        var widthFactor = 1
        var overfull: [String] = []
        for token in tokens {
            switch token {
            case .command(.characterSize(let factor, _)): widthFactor = Int(factor)
            case .text(let bytes) where bytes.count * widthFactor > width: overfull.append(CodePage.pc858.decode(bytes))
            default: break
            }
        }

        // Then
        #expect(overfull.isEmpty)
    }

    @Test func encode_receiptAt32Columns_matchesGoldenText() throws {
        // Given
        let document = try ReceiptMarkup.parse(Self.markup)

        // When
        let tokens = try ESCPOSTokenizer.tokenize(ESCPOSEncoder(profile: .generic58mm).encode(document))

        // Then: the text as the printer receives it, after PC858 transliteration
        #expect(escposTexts(tokens) == [
            "Café Zürich",
            "Bahnhofstraße 1 · 8001 Zürich",
            "--------------------------------",
            "2 x Espresso doppio       9,00 €",
            "1 x Croissant \"au beurre\" 3,80 €",
            "mit Füllung aus",
            "Mandelcreme",
            "Colapú                    2,50 €",
            "================================",
            "Summe                    15,30 €",
            "    KUNDENBELEG",
            "Betrag EUR            15,30",
            "Karte   ************1234",
        ])
    }
}
