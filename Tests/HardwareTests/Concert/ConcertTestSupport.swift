import Hardware

// MARK: - Hex fixtures

extension Array where Element == UInt8 {
    /// Bytes from a hex string such as `"02 30 31"` or `"023031"`; spaces are ignored. Traps on bad input.
    init(hex: String) {
        let digits = hex.filter { !$0.isWhitespace }
        precondition(digits.count.isMultiple(of: 2), "odd hex length")
        var bytes: [UInt8] = []
        var index = digits.startIndex
        while index < digits.endIndex {
            let next = digits.index(index, offsetBy: 2)
            guard let byte = UInt8(digits[index..<next], radix: 16) else { preconditionFailure("bad hex") }
            bytes.append(byte)
            index = next
        }
        self = bytes
    }

    /// The bytes as lower-case hex without separators.
    var hex: String {
        map { $0 < 16 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}

/// Golden frames, computed from the reference's layouts with an independent XOR (Python), not by the code under test,
/// and cross-checked with pyteliummanager 2.4.2 (`TeliumAsk.encode`, `TeliumResponse.encode`/`decode` agree byte
/// for byte and field for field).
enum ConcertFixtures {
    /// The reference's observed request: 12.50 EUR debit, card, full answer, wait for the result. LRC 0x01.
    static let debitRequest1250 =
        "02 3031 3030303031323530 31 31 30 393738 20202020202020202020 41303130 42303130 03 01"
    /// A refund of 9.99 EUR from POS 02 with private data "REF-42".
    static let refundRequest999 =
        "02 3032 3030303030393939 31 31 31 393738 5245462d343220202020 41303130 42303130 03 76"
    /// Full answer: POS 01, approved, 12.50, card, report "************1234", EUR, transaction "TX00004711".
    static let approvedFullAnswer =
        "023031303030303031323530312a2a2a2a2a2a2a2a2a2a2a2a31323334202020202020202020202020202020202020"
        + "202020202020202020202020202020202020202020393738545830303030343731310318"
    /// Full answer whose report holds a clear PAN and an expiry: "4970101234567890 2512 101".
    static let approvedFullAnswerWithClearPAN =
        "0230313030303030313235303134393730313031323334353637383930203235313220313031202020202020202020"
        + "202020202020202020202020202020202020202020393738545830303030343731320301"
    /// Short answer: POS 01, declined (7), 12.50, card, EUR, no transaction id.
    static let declinedShortAnswer = "02303137303030303132353031393738202020202020202020200334"
    /// Short answer: POS 01, not completed (9), 12.50, card, EUR.
    static let notCompletedShortAnswer = "0230313930303030313235303139373820202020202020202020033a"
}

// MARK: - Chunking

/// A small deterministic generator (SplitMix64), so "random" chunkings are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// How a test splits a byte stream before feeding it.
enum Chunking: Sendable, CustomStringConvertible {
    case oneByteAtATime
    case allAtOnce
    case random(seed: UInt64)

    static let all: [Chunking] = [.oneByteAtATime, .allAtOnce, .random(seed: 1), .random(seed: 7), .random(seed: 42)]

    func split(_ bytes: [UInt8]) -> [[UInt8]] {
        switch self {
        case .oneByteAtATime:
            return bytes.map { [$0] }
        case .allAtOnce:
            return [bytes]
        case .random(let seed):
            var generator = SeededGenerator(seed: seed)
            var chunks: [[UInt8]] = []
            var index = 0
            while index < bytes.count {
                let size = Int.random(in: 1...9, using: &generator)
                let end = Swift.min(index + size, bytes.count)
                chunks.append(Array(bytes[index..<end]))
                index = end
            }
            return chunks
        }
    }

    var description: String {
        switch self {
        case .oneByteAtATime: "one byte at a time"
        case .allAtOnce: "all at once"
        case .random(let seed): "random chunks (seed \(seed))"
        }
    }
}

/// What one parse produced: an event or a frame error, in order.
enum ParseOutcome: Hashable {
    case event(ConcertLinkEvent)
    case error(ConcertFrameError)
}

extension ConcertLinkParser {
    /// Feeds the bytes chunk by chunk, draining after each chunk, and records every event and error.
    mutating func parseAll(_ bytes: [UInt8], chunking: Chunking) -> [ParseOutcome] {
        var outcomes: [ParseOutcome] = []
        for chunk in chunking.split(bytes) {
            append(chunk)
            while true {
                do {
                    guard let event = try nextEvent() else { break }
                    outcomes.append(.event(event))
                } catch {
                    outcomes.append(.error(error))
                }
            }
        }
        return outcomes
    }
}
