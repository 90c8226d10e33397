/// Reads a fuzzer's input as a stream of small decisions: bytes, bounded integers, strings and the rest.
///
/// Every read past the end yields zero or empty, so a target never has to check lengths itself.
public struct FuzzInput: Sendable {
    /// The bytes not yet read.
    public private(set) var remaining: ArraySlice<UInt8>

    /// Wraps the buffer libFuzzer passes to `LLVMFuzzerTestOneInput`.
    public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        guard let data, size > 0 else {
            remaining = []
            return
        }
        remaining = ArraySlice(UnsafeBufferPointer(start: data, count: size))
    }

    /// Wraps bytes (for replaying an input in a test).
    public init(_ bytes: [UInt8]) {
        remaining = bytes[...]
    }

    /// True once every byte is read.
    public var isEmpty: Bool { remaining.isEmpty }

    /// The next byte, or 0.
    public mutating func byte() -> UInt8 {
        remaining.popFirst() ?? 0
    }

    /// A flag from the next byte.
    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// An integer in `0..<bound` from the next two bytes.
    public mutating func int(below bound: Int) -> Int {
        guard bound > 1 else { return 0 }
        let value = Int(byte()) << 8 | Int(byte())
        return value % bound
    }

    /// The next `count` bytes (fewer at the end).
    public mutating func bytes(_ count: Int) -> [UInt8] {
        let taken = remaining.prefix(max(count, 0))
        remaining = remaining.dropFirst(taken.count)
        return Array(taken)
    }

    /// A length-prefixed chunk: one byte of length, then that many bytes.
    public mutating func chunk() -> [UInt8] {
        bytes(Int(byte()))
    }

    /// A length-prefixed string, decoded as UTF-8 with repair.
    public mutating func string() -> String {
        String(decoding: chunk(), as: UTF8.self)
    }

    /// All bytes not yet read.
    public mutating func rest() -> [UInt8] {
        defer { remaining = [] }
        return Array(remaining)
    }
}

extension FuzzInput {
    /// Characters that break text handling: separators and quotes of CSV and markup, control characters, line
    /// breaks, combining marks that glue onto the character before them, right-to-left marks, wide characters
    /// and emoji sequences.
    public static let awkwardFragments: [String] = [
        "a", "Z", "0", "9", " ", ";", "\"", "'", ",", ".", "|", "@", "\\", "\r", "\n", "\r\n", "\t", "\u{0}", "\u{1B}",
        "\u{7F}", "\u{85}", "\u{2028}", "\u{301}", "\u{20DD}", "\u{200D}", "\u{FE0F}", "\u{202E}", "\u{200F}", "ä", "ß", "€",
        "咖", "ｶ", "👩‍👩‍👧", "🇩🇪", "\u{FEFF}", "\u{AD}", "\u{A0}", "-", "=", "\u{FFFD}",
    ]

    /// A short string of up to 12 pieces, each an awkward fragment or (for selectors ≥ 224) a raw chunk of
    /// UTF-8 (repaired).
    public mutating func awkwardText(maxPieces: Int = 12) -> String {
        var text = ""
        let pieces = Int(byte()) % (maxPieces + 1)
        for _ in 0..<pieces {
            let selector = byte()
            if selector >= 224 {
                text += String(decoding: bytes(Int(byte() % 16)), as: UTF8.self)
            } else {
                text += Self.awkwardFragments[Int(selector) % Self.awkwardFragments.count]
            }
        }
        return text
    }

    /// A signed integer in `-bound...bound` from the next five bytes.
    public mutating func signed(within bound: Int64) -> Int64 {
        var value: Int64 = 0
        for _ in 0..<5 { value = value << 8 | Int64(byte()) }
        let magnitude = value % (bound + 1)
        return bool() ? -magnitude : magnitude
    }
}
