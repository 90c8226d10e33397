import Testing
@testable import Hardware

struct ReceiptLayoutTests {
    private static let longName = "Organic fair-trade single-origin Ethiopian Yirgacheffe coffee beans 1 kg"

    @Test(arguments: [32, 42, 48])
    func wrap_longProductName_neverExceedsWidthAndKeepsEveryWord(width: Int) {
        // Given / When
        let lines = ReceiptLayout.wrap(Self.longName, columns: width)

        // Then
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= width })
        #expect(lines.joined(separator: " ") == Self.longName)
        #expect(lines.count > 1)
    }

    @Test func wrap_at32Columns_breaksAtSpaces() {
        // When
        let lines = ReceiptLayout.wrap(Self.longName, columns: 32)

        // Then
        #expect(lines == ["Organic fair-trade single-origin", "Ethiopian Yirgacheffe coffee", "beans 1 kg"])
    }

    @Test func wrap_wordLongerThanLine_isHardBroken() {
        // Given a URL with no spaces
        let text = "see https://shop.example/a/very/long/path/that/does/not/fit"

        // When
        let lines = ReceiptLayout.wrap(text, columns: 20)

        // Then
        #expect(lines == ["see", "https://shop.example", "/a/very/long/path/th", "at/does/not/fit"])
    }

    @Test func wrap_wideCharacters_countTwoColumnsAndNeverStraddleTheEdge() {
        // Given 12 CJK characters (24 columns) without spaces
        let text = "有机公平贸易咖啡豆一公斤"

        // When
        let lines = ReceiptLayout.wrap(text, columns: 21)

        // Then: 10 characters (20 columns) fit, the 11th would straddle column 21
        #expect(lines == ["有机公平贸易咖啡豆一", "公斤"])
    }

    @Test func wrap_emojiAndCombiningMarks_areMeasuredByGraphemes() {
        // Given "Cafe\u{301}" (4 columns) and a family emoji (2 columns)
        let text = "Cafe\u{301} 👩‍👩‍👧 Cafe\u{301}"

        // When
        let lines = ReceiptLayout.wrap(text, columns: 20)

        // Then
        #expect(lines == [text])
        #expect(DisplayWidth.of(lines[0]) == 12)
    }

    @Test func wrap_rightToLeftText_isKeptInLogicalOrder() {
        // Given Hebrew "fresh bread" and Arabic "coffee"
        let text = "לחם טרי قهوة"

        // When
        let lines = ReceiptLayout.wrap(text, columns: 20)

        // Then: no reordering, no reshaping
        #expect(lines == [text])
        #expect(Array(lines[0].unicodeScalars) == Array(text.unicodeScalars))
    }

    @Test func wrap_leadingIndent_isKeptOnFirstLineOnly() {
        // When
        let lines = ReceiptLayout.wrap("    2 x Croissant au beurre", columns: 20)

        // Then
        #expect(lines == ["    2 x Croissant au", "beurre"])
    }

    @Test func layout_textWithControlCharacters_stripsThemAndSplitsLines() {
        // Given
        let document: ReceiptDocument = [.text("Cola\u{1B}p\u{0}\u{19}\u{FA}\nZero\tSugar\u{7F}")]

        // When
        let lines = plainLines(document, width: 32)

        // Then
        #expect(lines == ["Colap\u{FA}", "Zero Sugar"])
    }

    @Test(arguments: [32, 42, 48])
    func layout_row_fitsAmountToTheRightEdge(width: Int) {
        // Given
        let document: ReceiptDocument = [.row(label: "2 x Espresso", amount: "5.00 €")]

        // When
        let lines = plainLines(document, width: width)

        // Then
        #expect(lines.count == 1)
        #expect(DisplayWidth.of(lines[0]) == width)
        #expect(lines[0].hasPrefix("2 x Espresso "))
        #expect(lines[0].hasSuffix(" 5.00 €"))
    }

    @Test func layout_rowWithLongLabel_wrapsLabelInItsColumnAndKeepsAmountWhole() {
        // Given
        let document: ReceiptDocument = [.row(label: Self.longName, amount: "1,234.50 €")]

        // When
        let lines = plainLines(document, width: 32)

        // Then
        #expect(lines == [
            "Organic fair-trade    1,234.50 €",
            "single-origin",
            "Ethiopian Yirgacheffe",
            "coffee beans 1 kg",
        ])
    }

    @Test func layout_rowWithLongLabel_truncatesWhenAsked() {
        // Given
        let document: ReceiptDocument = [.row(label: Self.longName, amount: "12.50")]

        // When
        let lines = plainLines(document, width: 32, overflow: .truncate)

        // Then
        #expect(lines == ["Organic fair-trade single… 12.50"])
    }

    @Test func layout_rowWithWideLabel_alignsAmountByDisplayWidth() {
        // Given
        let document: ReceiptDocument = [.row(label: "抹茶ラテ 🍵", amount: "4.50")]

        // When
        let lines = plainLines(document, width: 32)

        // Then: 8 + 1 + 2 columns of label, 17 spaces, 4 of amount
        #expect(lines == ["抹茶ラテ 🍵" + String(repeating: " ", count: 17) + "4.50"])
        #expect(DisplayWidth.of(lines[0]) == 32)
    }

    @Test func layout_doubleWidthRow_getsHalfTheColumns() {
        // Given
        let layout = ReceiptLayout(width: 32)
        let style = ReceiptTextStyle(bold: true, size: .double)

        // When
        let items = layout.layout(.row(label: "TOTAL", amount: "12.50", style: style))

        // Then
        #expect(items == [.line(ReceiptLayout.Line(text: "TOTAL      12.50", style: style, columns: 16))])
    }

    @Test func layout_amountTooWideForItsLine_goesOnItsOwnLineUnbroken() {
        // Given 10 columns at double width on 20-column paper
        let layout = ReceiptLayout(width: 20)
        let style = ReceiptTextStyle(size: .double)

        // When
        let items = layout.layout(.row(label: "TOTAL", amount: "1,234.50 €", style: style))

        // Then
        let texts = items.compactMap { if case .line(let line) = $0 { line.text } else { nil } }
        #expect(texts == ["TOTAL", "1,234.50 €"])
    }

    @Test(arguments: [ReceiptRuleStyle.single, .double])
    func layout_rule_spansTheWidth(rule: ReceiptRuleStyle) {
        // When
        let lines = plainLines([.rule(rule)], width: 42)

        // Then
        #expect(lines == [String(repeating: rule.character, count: 42)])
    }

    @Test func layout_alignment_padsWithLeadingSpacesOnly() {
        // Given
        let document: ReceiptDocument = [
            .text("Shop", style: ReceiptTextStyle(alignment: .center)),
            .text("Shop", style: ReceiptTextStyle(alignment: .right)),
        ]

        // When
        let lines = plainLines(document, width: 20)

        // Then
        #expect(lines == ["        Shop", "                Shop"])
    }

    @Test func layout_verbatimSlip_keepsSpacesAndBreaksOnlyAtWidth() {
        // Given a terminal slip 24 columns wide, with a control character from the terminal
        let slip = ["   KUNDENBELEG", "Betrag EUR        12,50", "Terminal-ID: 29001234 \u{1B}", String(repeating: "*", count: 25)]

        // When
        let lines = plainLines([.verbatim(slip)], width: 20)

        // Then
        #expect(lines == [
            "   KUNDENBELEG",
            "Betrag EUR        12", ",50",
            "Terminal-ID: 2900123", "4",
            String(repeating: "*", count: 20), "*****",
        ])
    }

    @Test func init_widthBelowMinimum_usesMinimum() {
        // When / Then
        #expect(ReceiptLayout(width: 8).width == 20)
        #expect(plainLines([.rule(.single)], width: 8) == [String(repeating: "-", count: 20)])
    }
}
