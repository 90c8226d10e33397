import Hardware
import Testing

struct ConcertLinkSerializerTests {
    @Test
    func checksum_referenceRequest_isOne() {
        // Given
        let payload = Array("0100001250110978          A010B010".utf8)

        // When
        let lrc = ConcertLRC.checksum(ofPayload: payload)

        // Then: reference/concert.md, "LRC = 0x01"
        #expect(lrc == 0x01)
    }

    @Test
    func frame_referenceRequest_matchesGoldenBytes() throws {
        // Given
        let payload = Array("0100001250110978          A010B010".utf8)

        // When
        let bytes = try ConcertLinkSerializer.frame(payload: payload)

        // Then
        #expect(bytes.hex == [UInt8](hex: ConcertFixtures.debitRequest1250).hex)
    }

    @Test
    func frame_payloadOverLimit_throwsFrameTooLong() {
        // Given
        let payload = [UInt8](repeating: 0x41, count: ConcertLinkParser.maximumPayloadLength + 1)

        // When / Then
        #expect(throws: ConcertFrameError.frameTooLong(limit: 80)) {
            try ConcertLinkSerializer.frame(payload: payload)
        }
    }

    @Test
    func frame_controlByteInPayload_throwsInvalidPayloadByte() {
        // Given
        let payload: [UInt8] = [0x41, 0x03, 0x42]

        // When / Then
        #expect(throws: ConcertFrameError.invalidPayloadByte(0x03, offset: 1)) {
            try ConcertLinkSerializer.frame(payload: payload)
        }
    }

    @Test(arguments: ConcertControlByte.allCases)
    func control_anyCharacter_isOneByteTheParserReadsBack(control: ConcertControlByte) throws {
        // Given
        var parser = ConcertLinkParser()

        // When
        parser.append(ConcertLinkSerializer.control(control))
        let event = try parser.nextEvent()

        // Then
        switch control {
        case .enquiry: #expect(event == .enquiry)
        case .acknowledge: #expect(event == .acknowledge)
        case .negativeAcknowledge: #expect(event == .negativeAcknowledge)
        case .endOfTransmission: #expect(event == .endOfTransmission)
        case .startOfText: #expect(event == nil && parser.isInsideFrame)
        case .endOfText: #expect(event == nil && parser.discardedByteCount == 1)
        }
    }
}
