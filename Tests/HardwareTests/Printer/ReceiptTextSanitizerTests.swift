import Testing
@testable import Hardware

struct ReceiptTextSanitizerTests {
    @Test(arguments: [
        ("plain", "plain"),
        ("a\u{1B}b\u{1D}c\u{10}d\u{0}e\u{7F}f\u{9B}g", "abcdefg"),
        ("tab\there", "tab here"),
        ("one\r\ntwo\nthree\rfour\u{2028}five", "one two three four five"),
        ("Grüße 抹茶 😀 לחם", "Grüße 抹茶 😀 לחם"),
    ])
    func sanitizeLine_text_removesControlsAndFlattensBreaks(text: String, expected: String) {
        // When / Then
        #expect(ReceiptTextSanitizer.sanitizeLine(text) == expected)
    }

    @Test func sanitizeLines_mixedTerminators_splitsOncePerBreak() {
        // When / Then
        #expect(ReceiptTextSanitizer.sanitizeLines("a\r\nb\n\nc\u{1B}\rd") == ["a", "b", "", "c", "d"])
    }
}
