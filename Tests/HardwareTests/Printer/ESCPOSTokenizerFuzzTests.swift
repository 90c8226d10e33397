import Testing
@testable import Hardware

/// Random byte streams: the tokenizer never traps and gives every byte back, in order.
struct ESCPOSTokenizerFuzzTests {
    /// A small deterministic generator (SplitMix64) so failures reproduce.
    private struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test(arguments: 0..<200)
    func tokenize_randomBytes_preservesEveryByteOrReportsTruncation(seed: Int) {
        // Given bytes biased towards command introducers
        var generator = SplitMix64(state: UInt64(seed))
        let alphabet: [UInt8] = [0x1B, 0x1D, 0x10, 0x0A, 0x28, 0x6B, 0x56, 0x00, 0x01, 0x41, 0x42, 0x31, 0x50, 0x30]
        let bytes = (0..<Int.random(in: 1...64, using: &generator)).map { _ in
            Bool.random(using: &generator)
                ? alphabet.randomElement(using: &generator) ?? 0
                : UInt8.random(in: 0...255, using: &generator)
        }

        // When
        var tokenizer = ESCPOSTokenizer()
        tokenizer.append(bytes)
        var tokens: [ESCPOSToken] = []
        while let token = tokenizer.nextToken() { tokens.append(token) }

        // Then
        do throws(ESCPOSTokenizerError) {
            if let last = try tokenizer.finish() { tokens.append(last) }
            #expect(tokens.flatMap(\.bytes) == bytes)
        } catch {
            switch error {
            case .truncated(let rest): #expect(tokens.flatMap(\.bytes) + rest == bytes)
            }
        }
    }
}
