import Hardware
import Testing

/// Seeded random streams: the parser and the session must survive anything the line delivers.
struct ConcertFuzzTests {
    typealias H = ConcertSessionHarness

    private static let fragments: [[UInt8]] = [
        [0x05], [0x06], [0x15], [0x04], [0x02], [0x03], [0x00], [0xFF], [0x30, 0x31],
        [UInt8](hex: ConcertFixtures.approvedFullAnswer),
        [UInt8](hex: ConcertFixtures.declinedShortAnswer),
        Array([UInt8](hex: ConcertFixtures.approvedFullAnswer).prefix(33)),
        [UInt8](repeating: 0x41, count: 90),
    ]

    private static func randomStream(seed: UInt64) -> [UInt8] {
        var generator = SeededGenerator(seed: seed)
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 1...30, using: &generator) {
            if Bool.random(using: &generator) {
                bytes += fragments[Int.random(in: 0..<fragments.count, using: &generator)]
            } else {
                bytes.append(UInt8.random(in: 0...255, using: &generator))
            }
        }
        return bytes
    }

    @Test(arguments: 0..<40)
    func nextEvent_randomStream_yieldsOnlyValidFramesAndConsumesEverything(seed: Int) {
        // Given
        var parser = ConcertLinkParser()
        let bytes = Self.randomStream(seed: UInt64(seed))

        // When
        let outcomes = parser.parseAll(bytes, chunking: .random(seed: UInt64(seed)))

        // Then
        for case .event(.frame(let payload)) in outcomes {
            #expect(payload.count <= ConcertLinkParser.maximumPayloadLength)
            #expect(payload.allSatisfy { (0x20...0x7E).contains($0) })
        }
        #expect((try? parser.nextEvent()) == nil)
    }

    @Test(arguments: 0..<40)
    func session_randomTerminalBehaviour_endsAtMostOnceAndNeverFailsAfterTheRequestLeft(seed: Int) throws {
        // Given
        var generator = SeededGenerator(seed: UInt64(seed) &+ 1000)
        var harness = H()
        try harness.start()
        var requestLeft = false

        // When: random bytes and timer expiries, until the session ends or 60 steps pass
        for _ in 0..<60 where harness.outcome == nil {
            if Int.random(in: 0..<4, using: &generator) == 0, let running = harness.timer {
                harness.fire(running.timer)
            } else {
                harness.receive(Self.randomStream(seed: generator.next()), chunking: .random(seed: generator.next()))
            }
            requestLeft = requestLeft || harness.takeSent().containsSubsequence(H.requestFrame)
        }

        // Then
        if case .fail(let error) = harness.outcome, requestLeft {
            #expect(error.code == .requestRejected, "a request that left may only fail when refused by NAK")
        }
        if harness.outcome != nil {
            #expect(harness.timer == nil)
            #expect(!harness.machine.isActive)
        }
    }
}
