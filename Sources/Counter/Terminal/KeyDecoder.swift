/// Turns the bytes a terminal sends into key events: UTF-8 characters, control keys, and the escape sequences
/// of xterm, tmux and the Linux console (both cursor-key modes), plus any a terminfo entry names.
///
/// Pure and incremental: bytes may arrive split anywhere; an incomplete UTF-8 character or escape sequence waits
/// for the next chunk, except a lone ESC at the end of a chunk, which is the Escape key.
public struct KeyDecoder: Sendable {
    private var sequences: [[UInt8]: KeyEvent]
    private var longest: Int
    private var pending: [UInt8] = []

    /// The sequences every supported terminal sends.
    public static let standardSequences: [String: KeyEvent] = {
        var table: [String: KeyEvent] = [
            "\u{1B}[A": .up, "\u{1B}[B": .down, "\u{1B}[C": .right, "\u{1B}[D": .left,
            "\u{1B}OA": .up, "\u{1B}OB": .down, "\u{1B}OC": .right, "\u{1B}OD": .left,
            "\u{1B}[H": .home, "\u{1B}[F": .end, "\u{1B}OH": .home, "\u{1B}OF": .end,
            "\u{1B}[1~": .home, "\u{1B}[4~": .end, "\u{1B}[7~": .home, "\u{1B}[8~": .end,
            "\u{1B}[2~": .insert, "\u{1B}[3~": .delete, "\u{1B}[5~": .pageUp, "\u{1B}[6~": .pageDown,
            "\u{1B}OM": .enter,
            // xterm / tmux
            "\u{1B}OP": .function(1), "\u{1B}OQ": .function(2), "\u{1B}OR": .function(3), "\u{1B}OS": .function(4),
            "\u{1B}[11~": .function(1), "\u{1B}[12~": .function(2), "\u{1B}[13~": .function(3), "\u{1B}[14~": .function(4),
            "\u{1B}[15~": .function(5), "\u{1B}[17~": .function(6), "\u{1B}[18~": .function(7), "\u{1B}[19~": .function(8),
            "\u{1B}[20~": .function(9), "\u{1B}[21~": .function(10), "\u{1B}[23~": .function(11), "\u{1B}[24~": .function(12),
            // Linux console
            "\u{1B}[[A": .function(1), "\u{1B}[[B": .function(2), "\u{1B}[[C": .function(3), "\u{1B}[[D": .function(4),
            "\u{1B}[[E": .function(5),
        ]
        _ = table.removeValue(forKey: "")
        return table
    }()

    /// A decoder for the standard sequences plus `extra` (terminfo's, for the terminal in use).
    public init(extra: [String: KeyEvent] = [:]) {
        var table: [[UInt8]: KeyEvent] = [:]
        for (text, key) in Self.standardSequences.merging(extra, uniquingKeysWith: { _, new in new })
        where text.utf8.count > 1 && text.utf8.first == 0x1B {
            table[Array(text.utf8)] = key
        }
        sequences = table
        longest = table.keys.map(\.count).max() ?? 1
    }

    /// Decodes a chunk; what is incomplete at its end is kept for the next one.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [KeyEvent] {
        pending.append(contentsOf: bytes)
        var keys: [KeyEvent] = []
        var index = 0
        while index < pending.count {
            let byte = pending[index]
            if byte == 0x1B {
                guard index + 1 < pending.count else { keys.append(.escape); index += 1; break }
                if let (key, length) = matchSequence(at: index) {
                    keys.append(key)
                    index += length
                } else if isPrefixOfSequence(at: index) {
                    break  // wait for the rest
                } else if let (key, length) = unknownSequence(at: index) {
                    if let key { keys.append(key) }
                    index += length
                } else {
                    keys.append(.escape)
                    index += 1
                }
                continue
            }
            if byte < 0x80 {
                keys.append(Self.asciiKey(byte))
                index += 1
                continue
            }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            guard index + length <= pending.count else { break }
            if let text = String(validating: pending[index..<index + length], as: UTF8.self), let character = text.first {
                keys.append(.character(character))
            }
            index += length
        }
        pending.removeFirst(index)
        return keys
    }

    /// Keys for single ASCII bytes.
    static func asciiKey(_ byte: UInt8) -> KeyEvent {
        switch byte {
        case 0x0D, 0x0A: .enter
        case 0x09: .tab
        case 0x7F, 0x08: .backspace
        case 0x01...0x1A: .control(Character(Unicode.Scalar(byte + 0x60)))
        case 0x00: .control("@")
        default: .character(Character(Unicode.Scalar(byte)))
        }
    }

    private func matchSequence(at index: Int) -> (KeyEvent, Int)? {
        let available = min(longest, pending.count - index)
        // Longest match first, so "ESC [ 1 5 ~" is F5 and not something shorter.
        for length in stride(from: available, through: 2, by: -1) {
            if let key = sequences[Array(pending[index..<index + length])] { return (key, length) }
        }
        return nil
    }

    private func isPrefixOfSequence(at index: Int) -> Bool {
        let tail = Array(pending[index...])
        return sequences.keys.contains { $0.count > tail.count && Array($0.prefix(tail.count)) == tail }
    }

    /// An escape sequence nobody listed: a CSI sequence is skipped whole; ESC + a character is Alt (ignored as
    /// Escape followed by the character).
    private func unknownSequence(at index: Int) -> (KeyEvent?, Int)? {
        guard index + 1 < pending.count else { return nil }
        if pending[index + 1] == UInt8(ascii: "[") {
            var end = index + 2
            while end < pending.count, !(0x40...0x7E).contains(pending[end]) { end += 1 }
            guard end < pending.count else { return nil }
            return (nil, end - index + 1)
        }
        return nil
    }
}
