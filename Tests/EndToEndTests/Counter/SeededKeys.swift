import Foundation

/// The lock tests' keys: SplitMix64, small, seedable, the same sequence on every platform.
struct SeededKeys: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `POS_LOCK_SEED` when set (to repeat a run), else one drawn for this run; every failure message names it.
    static let lockSeed: UInt64 = ProcessInfo.processInfo.environment["POS_LOCK_SEED"].flatMap { UInt64($0) }
        ?? UInt64.random(in: 0...UInt64(UInt32.max))
}
