import Testing
@testable import Hardware

struct PlainTextEncoderTests {
    private static let markup = """
        @center @bold @double Corner Shop
        @center Main Street 1, Berlin
        @rule
        @row 2 x Espresso|5.00 €
        @row 1 x Organic Ethiopian Yirgacheffe coffee beans 1 kg|18.90 €
        @rule =
        @bold @row Total|23.90 €
        @feed
        @qr https://shop.example/r/1042
        @barcode code128 R-1042
        @drawer
        @cut
        """

    @Test func render_sampleReceiptAt32Columns_matchesGolden() throws {
        // Given
        let document = try ReceiptMarkup.parse(Self.markup)

        // When
        let text = PlainTextEncoder().render(document, width: 32)

        // Then
        #expect(text == """
                      Corner Shop
                 Main Street 1, Berlin
            --------------------------------
            2 x Espresso              5.00 €
            1 x Organic Ethiopian    18.90 €
            Yirgacheffe coffee beans
            1 kg
            ================================
            Total                    23.90 €

                          [QR:
              https://shop.example/r/1042]
                   [Code 128: R-1042]

            """)
    }

    @Test(arguments: [32, 42, 48])
    func encode_sampleReceipt_isUTF8LinesNoWiderThanWidth(width: Int) throws {
        // Given
        let document = try ReceiptMarkup.parse(Self.markup)

        // When
        let bytes = PlainTextEncoder().encode(document, width: width)

        // Then
        let text = try #require(String(validating: bytes, as: UTF8.self))
        #expect(text.hasSuffix("\n"))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= width && $0.last != " " })
        #expect(lines.contains { DisplayWidth.of($0) == width })
    }

    @Test func render_cutMarker_separatesReceipts() {
        // Given
        let document: ReceiptDocument = [.text("one"), .cut(.full), .text("two")]

        // When
        let lines = PlainTextEncoder(cutMarker: "- - - ✂ - - -").lines(document, width: 20)

        // Then
        #expect(lines == ["one", "- - - ✂ - - -", "two"])
    }

    @Test func render_doubleSizeText_keepsFullWidthInPlainText() {
        // Given 30 columns of double-size text on 32-column paper
        let document: ReceiptDocument = [.text("THANK YOU FOR SHOPPING WITH US", style: ReceiptTextStyle(size: .double))]

        // When / Then
        #expect(plainLines(document, width: 32) == ["THANK YOU FOR SHOPPING WITH US"])
    }
}
