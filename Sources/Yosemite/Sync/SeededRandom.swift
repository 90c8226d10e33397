/// A small deterministic random source (SplitMix64) for backoff jitter: seeded from the system in production,
/// from a constant in tests so delays are predictable.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// A generator seeded from the system's random source.
    public static func system() -> SeededRandom { SeededRandom(seed: UInt64.random(in: .min ... .max)) }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
