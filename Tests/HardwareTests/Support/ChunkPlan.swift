import Hardware

/// How a test splits input before feeding a streaming parser: one byte at a time, all at once, or random sizes.
enum ChunkPlan: CustomStringConvertible, Sendable {
    case oneByte
    case allAtOnce
    case random(seed: UInt64)

    static let all: [ChunkPlan] = [.oneByte, .allAtOnce, .random(seed: 1), .random(seed: 42), .random(seed: 9001)]

    var description: String {
        switch self {
        case .oneByte: "one byte at a time"
        case .allAtOnce: "all at once"
        case .random(let seed): "random chunks (seed \(seed))"
        }
    }

    func split(_ bytes: [UInt8]) -> [[UInt8]] {
        switch self {
        case .oneByte:
            return bytes.map { [$0] }
        case .allAtOnce:
            return [bytes]
        case .random(let seed):
            var generator = SplitMix64(seed: seed)
            var chunks: [[UInt8]] = []
            var index = 0
            while index < bytes.count {
                let size = Int(generator.next() % 7) + 1
                let end = min(index + size, bytes.count)
                chunks.append(Array(bytes[index..<end]))
                index = end
            }
            return chunks
        }
    }
}

/// A tiny deterministic generator so random chunking is reproducible.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Bytes from a hex fixture; traps on a typo in the fixture itself.
func hex(_ text: String) -> [UInt8] {
    guard let bytes = HexBytes.parse(text) else { fatalError("bad hex fixture: \(text)") }
    return bytes
}

/// ASCII bytes of a string, for fixtures that quote text.
func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }
