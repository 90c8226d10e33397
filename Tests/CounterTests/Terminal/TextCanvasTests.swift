import Testing
@testable import Counter

struct TextCanvasTests {
    @Test func put_wideCharacters_takeTwoCells() {
        // Given a canvas
        var canvas = TextCanvas(size: TerminalSize(rows: 1, columns: 10))
        // When text with CJK characters is written
        let end = canvas.put("a日本b", row: 0, column: 0)
        // Then each wide character takes two cells
        #expect(end == 6)
        #expect(canvas[0, 1].character == "日")
        #expect(canvas[0, 2].isContinuation)
        #expect(canvas.rendered() == "a日本b")
    }

    @Test func put_textPastTheClip_isCutWithoutSplittingAWideCharacterAndEndsInAnEllipsis() {
        var canvas = TextCanvas(size: TerminalSize(rows: 1, columns: 4))
        canvas.put("ab日本", row: 0, column: 1)
        // (wherever text is cut, "…" says so; the wide 日 does not fit in the last cell, the "…" does.)
        #expect(canvas.rendered() == " ab…")
    }

    @Test func put_textPastTheEdge_replacesTheLastCellWithAnEllipsis_butNotForTrailingSpaces() {
        var canvas = TextCanvas(size: TerminalSize(rows: 2, columns: 4))
        canvas.put("abcdef", row: 0, column: 0)
        canvas.put("abcd    ", row: 1, column: 0)
        #expect(canvas.rendered() == "abc…\nabcd")
    }

    @Test func put_overHalfAWideCharacter_blanksTheOtherHalf() {
        var canvas = TextCanvas(size: TerminalSize(rows: 1, columns: 4))
        canvas.put("日", row: 0, column: 0)
        canvas.put("x", row: 0, column: 1)
        #expect(canvas.rendered() == " x")
    }

    @Test func textWidth_combiningMark_takesNoCell() {
        #expect(TextWidth.of("e\u{301}x") == 2)
        #expect(TextWidth.padded("Größe", to: 7) == "Größe  ")
    }
}
