import Hardware
import Testing

struct ConcertLinkParserTests {
    private static let requestPayload = Array("0100001250110978          A010B010".utf8)

    @Test(arguments: Chunking.all)
    func nextEvent_goldenRequestFrame_yieldsPayload(chunking: Chunking) {
        // Given
        var parser = ConcertLinkParser()
        let bytes = [UInt8](hex: ConcertFixtures.debitRequest1250)

        // When
        let outcomes = parser.parseAll(bytes, chunking: chunking)

        // Then
        #expect(outcomes == [.event(.frame(Self.requestPayload))])
        #expect(!parser.isInsideFrame)
    }

    @Test(arguments: Chunking.all)
    func nextEvent_fullHandshakeFromTerminal_yieldsEventsInOrder(chunking: Chunking) {
        // Given: what a terminal sends during one payment, noise included
        var parser = ConcertLinkParser()
        let answer = [UInt8](hex: ConcertFixtures.approvedFullAnswer)
        let bytes: [UInt8] = [0x06, 0xFF, 0x06] + [0x05] + answer + [0x04]

        // When
        let outcomes = parser.parseAll(bytes, chunking: chunking)

        // Then
        #expect(outcomes == [
            .event(.acknowledge), .event(.acknowledge), .event(.enquiry),
            .event(.frame(Array(answer[1..<81]))), .event(.endOfTransmission),
        ])
        #expect(parser.discardedByteCount == 1)
    }

    @Test(arguments: Chunking.all)
    func nextEvent_badLRC_throwsChecksumMismatchThenParsesNextFrame(chunking: Chunking) {
        // Given: the golden frame with its LRC flipped, then the intact frame again (the retransmission)
        var parser = ConcertLinkParser()
        let good = [UInt8](hex: ConcertFixtures.debitRequest1250)
        var bad = good
        bad[bad.count - 1] = 0x7F

        // When
        let outcomes = parser.parseAll(bad + good, chunking: chunking)

        // Then
        #expect(outcomes == [
            .error(.checksumMismatch(expected: 0x01, received: 0x7F)),
            .event(.frame(Self.requestPayload)),
        ])
    }

    @Test(arguments: Chunking.all)
    func nextEvent_garbledPayloadByte_throwsChecksumMismatch(chunking: Chunking) {
        // Given: one payload bit flipped on the line
        var parser = ConcertLinkParser()
        var bytes = [UInt8](hex: ConcertFixtures.debitRequest1250)
        bytes[5] ^= 0x01

        // When
        let outcomes = parser.parseAll(bytes, chunking: chunking)

        // Then
        #expect(outcomes == [.error(.checksumMismatch(expected: 0x00, received: 0x01))])
    }

    @Test
    func nextEvent_nonASCIIPayloadWithMatchingLRC_throwsInvalidPayloadByte() {
        // Given: a frame whose LRC is right but whose payload holds 0x80
        var parser = ConcertLinkParser()
        let payload: [UInt8] = [0x30, 0x80, 0x31]
        parser.append([0x02] + payload + [0x03, ConcertLRC.checksum(ofPayload: payload)])

        // When
        let outcomes = parser.parseAll([], chunking: .allAtOnce)
        var again = parser
        let next = try? again.nextEvent()

        // Then
        #expect(outcomes == [.error(.invalidPayloadByte(0x80, offset: 1))])
        #expect(next == nil)
    }

    @Test(arguments: Chunking.all)
    func nextEvent_oversizeFrame_throwsFrameTooLongAndSkipsToNextFrame(chunking: Chunking) {
        // Given: 81 payload bytes (one over the limit), their ETX and LRC, then a valid frame
        var parser = ConcertLinkParser()
        let oversize: [UInt8] = [0x02] + Array(repeating: 0x41, count: 81) + [0x03, 0x06]
        let good = [UInt8](hex: ConcertFixtures.debitRequest1250)

        // When
        let outcomes = parser.parseAll(oversize + good, chunking: chunking)

        // Then: the LRC 0x06 of the dropped frame is not mistaken for an ACK
        #expect(outcomes == [
            .error(.frameTooLong(limit: ConcertLinkParser.maximumPayloadLength)),
            .event(.frame(Self.requestPayload)),
        ])
    }

    @Test
    func nextEvent_payloadOfExactlyTheLimit_isAccepted() {
        // Given
        var parser = ConcertLinkParser()
        let payload = [UInt8](repeating: 0x20, count: ConcertLinkParser.maximumPayloadLength)
        parser.append([0x02] + payload + [0x03, ConcertLRC.checksum(ofPayload: payload)])

        // When
        let event = try? parser.nextEvent()

        // Then
        #expect(event == .frame(payload))
    }

    @Test(arguments: Chunking.all)
    func nextEvent_truncatedFrame_returnsNilUntilResetDropsIt(chunking: Chunking) {
        // Given: a frame cut before its ETX
        var parser = ConcertLinkParser()
        let bytes = [UInt8](hex: ConcertFixtures.debitRequest1250)
        let truncated = Array(bytes.prefix(20))

        // When
        let outcomes = parser.parseAll(truncated, chunking: chunking)
        let wasInside = parser.isInsideFrame
        parser.reset()
        let afterReset = parser.parseAll([0x04], chunking: .allAtOnce)

        // Then
        #expect(outcomes.isEmpty)
        #expect(wasInside)
        #expect(afterReset == [.event(.endOfTransmission)])
    }

    @Test
    func nextEvent_frameRestartedWithSTX_keepsOnlyTheSecondCopy() {
        // Given: the sender broke off after 10 bytes and started the frame again
        var parser = ConcertLinkParser()
        let good = [UInt8](hex: ConcertFixtures.debitRequest1250)

        // When
        let outcomes = parser.parseAll(Array(good.prefix(10)) + good, chunking: .allAtOnce)

        // Then
        #expect(outcomes == [.event(.frame(Self.requestPayload))])
        #expect(parser.discardedByteCount == 10)
    }

    @Test(arguments: [UInt8(0x02), 0x03, 0x04, 0x05, 0x06, 0x15])
    func nextEvent_lrcEqualToAControlByte_isReadAsTheLRC(lrc: UInt8) {
        // Given: a printable payload chosen so that its LRC is a control character
        var parser = ConcertLinkParser()
        let base: [UInt8] = [0x41, 0x42, 0x40]
        let payload = base + [ConcertLRC.checksum(ofPayload: base) ^ lrc]
        #expect(ConcertLRC.checksum(ofPayload: payload) == lrc)

        // When
        let outcomes = parser.parseAll([0x02] + payload + [0x03, lrc, 0x04], chunking: .oneByteAtATime)

        // Then
        #expect(outcomes == [.event(.frame(payload)), .event(.endOfTransmission)])
    }
}
