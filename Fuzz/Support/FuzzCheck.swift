/// Stops the process when an invariant does not hold, so that libFuzzer records the input as a crash.
///
/// The message names the invariant, never input bytes (they may be card data in a real capture).
public func fuzzCheck(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    if !condition() {
        fatalError("invariant failed: \(message())", file: file, line: line)
    }
}

/// Splits bytes into chunks whose sizes come from `seed`, as a serial line delivers them.
public func fuzzChunks(_ bytes: [UInt8], seed: UInt8) -> [ArraySlice<UInt8>] {
    var chunks: [ArraySlice<UInt8>] = []
    var start = 0
    var state = UInt32(seed) | 1
    while start < bytes.count {
        state = state &* 1_103_515_245 &+ 12_345
        let size = seed == 0 ? bytes.count : Int((state >> 16) % 17) + 1
        let end = min(start + size, bytes.count)
        chunks.append(bytes[start..<end])
        start = end
    }
    return chunks
}
