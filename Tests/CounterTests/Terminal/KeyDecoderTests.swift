import Testing
@testable import Counter

struct KeyDecoderTests {
    @Test(arguments: [
        ("\u{1B}[A", KeyEvent.up), ("\u{1B}OB", .down), ("\u{1B}[15~", .function(5)), ("\u{1B}OP", .function(1)),
        ("\u{1B}[[A", .function(1)), ("\u{1B}[[E", .function(5)), ("\u{1B}[24~", .function(12)), ("\u{1B}[5~", .pageUp),
        ("\u{1B}[6~", .pageDown), ("\u{1B}[3~", .delete), ("\r", .enter), ("\u{7F}", .backspace), ("\u{11}", .control("q")),
    ])
    func decode_sequenceOfXtermOrLinuxConsole_givesItsKey(sequence: String, key: KeyEvent) {
        // Given a decoder
        var decoder = KeyDecoder()
        // When the terminal sends the sequence
        let keys = decoder.decode(Array(sequence.utf8))
        // Then it is one key
        #expect(keys == [key])
    }

    @Test func decode_utf8SplitAcrossChunks_waitsForTheWholeCharacter() {
        // Given "ß€" split in the middle of both characters
        var decoder = KeyDecoder()
        let bytes = Array("ß€".utf8)
        // When it arrives in two chunks
        let first = decoder.decode(bytes[0..<1])
        let second = decoder.decode(bytes[1...])
        // Then the characters come out whole, once
        #expect(first.isEmpty)
        #expect(second == [.character("ß"), .character("€")])
    }

    @Test func decode_escapeAtTheEndOfAChunk_isTheEscapeKey() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [.escape])
    }

    @Test func decode_sequenceSplitAcrossChunks_isOneKey() {
        // Given F5 split after "ESC ["
        var decoder = KeyDecoder()
        // When
        let first = decoder.decode(Array("\u{1B}[1".utf8))
        let second = decoder.decode(Array("5~a".utf8))
        // Then
        #expect(first.isEmpty)
        #expect(second == [.function(5), .character("a")])
    }

    @Test func decode_unknownCSISequence_isSkipped() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[99;5Xz".utf8)) == [.character("z")])
    }

    @Test func decode_terminfoSequence_overridesTheTable() {
        var decoder = KeyDecoder(extra: ["\u{1B}[99~": .function(7)])
        #expect(decoder.decode(Array("\u{1B}[99~".utf8)) == [.function(7)])
    }
}
