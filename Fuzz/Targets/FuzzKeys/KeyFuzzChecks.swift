import Counter
import FuzzSupport

/// The invariants of ``KeyDecoder``.
enum KeyFuzzChecks {
    static let extraKeys: [KeyEvent] = [.up, .down, .home, .end, .delete, .insert, .pageUp, .function(1), .function(12), .enter]

    static func raw(_ input: inout FuzzInput) {
        var extra: [String: KeyEvent] = [:]
        for _ in 0..<Int(input.byte() % 3) {
            extra["\u{1B}" + String(decoding: input.bytes(Int(input.byte() % 6)), as: UTF8.self)] =
                extraKeys[Int(input.byte()) % extraKeys.count]
        }
        var decoder = KeyDecoder(extra: extra)
        let seed = input.byte()
        for chunk in fuzzChunks(input.rest(), seed: seed) {
            for key in decoder.decode(chunk) {
                check(key)
            }
        }
    }

    static func check(_ key: KeyEvent) {
        switch key {
        case .character(let character):
            // 0x00–0x1B and DEL have keys of their own; 0x1C–0x1F (GS is a GS1 scanner's FNC1) pass as characters.
            fuzzCheck(!character.unicodeScalars.contains { $0.value <= 0x1B || $0.value == 0x7F }, "a character key is a control with a key of its own")
        case .function(let number):
            fuzzCheck((1...12).contains(number), "function key F\(number)")
        case .control(let letter):
            fuzzCheck(letter == "@" || ("a"..."z").contains(letter), "control key with \(letter)")
        default:
            break
        }
    }

    /// Every key a terminal sends, with the bytes it sends (one sequence per key: the decoder reads them all).
    static let sequences: [(KeyEvent, [UInt8])] = {
        var table: [(KeyEvent, [UInt8])] = KeyDecoder.standardSequences
            .sorted { $0.key < $1.key }
            .map { ($0.value, Array($0.key.utf8)) }
        table += [(.enter, [0x0D]), (.enter, [0x0A]), (.tab, [0x09]), (.backspace, [0x7F]), (.backspace, [0x08]),
                  (.control("@"), [0x00])]
        for byte in UInt8(0x01)...0x1A where ![0x08, 0x09, 0x0A, 0x0D].contains(byte) {
            table.append((.control(Character(Unicode.Scalar(byte + 0x60))), [byte]))
        }
        return table
    }()

    static let characters: [Character] = ["a", "Z", "0", " ", "[", "O", "~", "ä", "€", "咖", "😀", "\u{301}", "\u{85}", "\u{FFFD}"]

    static func roundTrip(_ input: inout FuzzInput) {
        var chunks: [[UInt8]] = [[]]
        var expected: [KeyEvent] = []
        while !input.isEmpty, expected.count < 512 {
            let selector = input.byte()
            if selector < 128 {
                let (key, bytes) = sequences[Int(selector) % sequences.count]
                expected.append(key)
                chunks[chunks.count - 1] += bytes
            } else if selector < 240 {
                let character = characters[Int(selector) % characters.count]
                expected.append(.character(character))
                chunks[chunks.count - 1] += Array(String(character).utf8)
            } else if selector < 250 {
                // A lone ESC ends its chunk: the Escape key.
                expected.append(.escape)
                chunks[chunks.count - 1].append(0x1B)
                chunks.append([])
            } else {
                // A cut at a key boundary, or inside a key that does not end in ESC.
                let cut = Int(input.byte())
                var last = chunks.removeLast()
                let at = last.isEmpty ? 0 : cut % (last.count + 1)
                if at > 0, last[at - 1] == 0x1B {
                    chunks.append(last)
                } else {
                    let tail = Array(last[at...])
                    last.removeSubrange(at...)
                    chunks += [last, tail]
                }
            }
        }
        var decoder = KeyDecoder()
        var decoded: [KeyEvent] = []
        for chunk in chunks {
            decoded += decoder.decode(chunk)
        }
        fuzzCheck(decoded == expected, "keys do not decode back to themselves")
    }
}
