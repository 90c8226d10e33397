import Hardware
import Testing

struct ZVTSerialFrameTests {
    static let registrationAPDU = ZVTAPDU(class: 0x06, instruction: 0x00, data: hex("00 00 00 BA 09 78 03 00"))
    static let registrationFrame = hex("10 02 06 00 08 00 00 00 BA 09 78 03 00 10 03 9E B6")

    private func parseAll(_ bytes: [UInt8], plan: ChunkPlan = .allAtOnce,
                          parser: inout ZVTSerialFrameParser) -> [Result<ZVTSerialFrameParser.Unit, ZVTProtocolError>] {
        var results: [Result<ZVTSerialFrameParser.Unit, ZVTProtocolError>] = []
        for chunk in plan.split(bytes) {
            parser.append(chunk)
            while true {
                do {
                    guard let unit = try parser.nextUnit() else { break }
                    results.append(.success(unit))
                } catch {
                    results.append(.failure(error))
                }
            }
        }
        return results
    }

    // MARK: - Serializer

    @Test func frame_registration_matchesReferenceGoldenBytes() throws {
        #expect(try ZVTSerialFrameSerializer.frame(Self.registrationAPDU) == Self.registrationFrame)
    }

    @Test func frame_dataContainingDLE_doublesItButNotInTheCRC() throws {
        // Given: receipt number 10 10 (BCD "1010") puts two DLE bytes in the data
        let apdu = ZVTAPDU(class: 0x06, instruction: 0x30, data: hex("00 00 00 87 10 10"))
        // When
        let frame = try ZVTSerialFrameSerializer.frame(apdu)
        // Then
        let crc = CRC16Kermit.checksum(try apdu.encoded() + [0x03])
        #expect(frame == hex("10 02 06 30 06 00 00 00 87 10 10 10 10 10 03") + [UInt8(crc & 0xFF), UInt8(crc >> 8)])
    }

    // MARK: - Parser

    @Test(arguments: ChunkPlan.all)
    func nextUnit_goldenFrameWithAckAndNak_parsesWhateverTheChunking(plan: ChunkPlan) {
        // Given
        var parser = ZVTSerialFrameParser()
        let stream = [0x06] + Self.registrationFrame + [0x15]
        // When
        let results = parseAll(stream, plan: plan, parser: &parser)
        // Then
        #expect(results == [.success(.ack), .success(.frame(Self.registrationAPDU)), .success(.nak)])
    }

    @Test(arguments: ChunkPlan.all)
    func nextUnit_dleDoubling_isUndone(plan: ChunkPlan) throws {
        // Given
        let apdu = ZVTAPDU(class: 0x06, instruction: 0xD1, data: [0x10, 0x10, 0x02, 0x10, 0x03, 0x41])
        var parser = ZVTSerialFrameParser()
        // When
        let results = parseAll(try ZVTSerialFrameSerializer.frame(apdu), plan: plan, parser: &parser)
        // Then
        #expect(results == [.success(.frame(apdu))])
    }

    @Test func nextUnit_badChecksum_throwsAndParsesTheNextFrame() {
        // Given: the golden frame with its CRC high byte flipped, then the golden frame again
        var corrupted = Self.registrationFrame
        corrupted[corrupted.count - 1] ^= 0xFF
        var parser = ZVTSerialFrameParser()
        // When
        let results = parseAll(corrupted + Self.registrationFrame, parser: &parser)
        // Then
        #expect(results == [
            .failure(.badChecksum(expected: 0xB69E, received: 0x499E)),
            .success(.frame(Self.registrationAPDU)),
        ])
    }

    @Test func nextUnit_truncatedFrame_resynchronisesAtNextDLESTX() {
        // Given: a frame cut off after six bytes, then a whole frame
        var parser = ZVTSerialFrameParser()
        let truncated = Array(Self.registrationFrame.prefix(6))
        // When
        let results = parseAll(truncated + Self.registrationFrame, parser: &parser)
        // Then
        #expect(results == [.failure(.frameInterrupted), .success(.frame(Self.registrationAPDU))])
    }

    @Test func nextUnit_garbageBeforeFrame_isSkipped() {
        var parser = ZVTSerialFrameParser()
        let results = parseAll(hex("FF 00 10 41 10") + Self.registrationFrame, parser: &parser)
        #expect(results == [.success(.frame(Self.registrationAPDU))])
    }

    @Test func nextUnit_dleFollowedByStrayByte_throwsAndRecovers() {
        var parser = ZVTSerialFrameParser()
        let results = parseAll(hex("10 02 06 00 10 41") + Self.registrationFrame, parser: &parser)
        #expect(results == [.failure(.unexpectedControlByte(0x41)), .success(.frame(Self.registrationAPDU))])
    }

    @Test func nextUnit_oversizeFrame_isRejectedAndTheNextFrameParses() throws {
        // Given: a limit of 16 payload bytes and a 40-byte frame whose CRC low byte is an ACK look-alike
        var parser = ZVTSerialFrameParser(maximumPayloadLength: 16)
        let big = try ZVTSerialFrameSerializer.frame(ZVTAPDU(class: 0x06, instruction: 0xD1, data: [UInt8](repeating: 0x41, count: 37)))
        // When
        let results = parseAll(big + Self.registrationFrame, parser: &parser)
        // Then
        #expect(results == [.failure(.frameTooLong(maximum: 16)), .success(.frame(Self.registrationAPDU))])
    }

    @Test func nextUnit_frameWhosePayloadIsNotOneAPDU_throwsLengthMismatch() {
        // Given: a valid CRC over an APDU that declares 5 data bytes but carries 1
        var parser = ZVTSerialFrameParser()
        let frame = ZVTSerialFrameSerializer.frame(payload: hex("06 00 05 00"))
        // When
        let results = parseAll(frame, parser: &parser)
        // Then
        #expect(results == [.failure(.lengthMismatch(declared: 5, actual: 1))])
    }
}

struct ZVTSerialLinkTests {
    let apdu = ZVTAPDU.acknowledgement

    @Test func send_thenAck_reportsDelivered() throws {
        // Given
        var link = ZVTSerialLink(acknowledgeTimeout: .seconds(5))
        let frame = try ZVTSerialFrameSerializer.frame(apdu)
        // When
        let sent = try link.send(apdu)
        let acked = link.received(.ack)
        // Then
        #expect(sent == [.write(frame), .startAcknowledgeTimer(.seconds(5))])
        #expect(acked == [.cancelAcknowledgeTimer, .delivered])
        #expect(!link.isAwaitingAcknowledge)
    }

    @Test func send_whenNakedFourTimes_repeatsThreeTimesThenReportsRefused() throws {
        // Given
        var link = ZVTSerialLink(acknowledgeTimeout: .seconds(5))
        let frame = try ZVTSerialFrameSerializer.frame(apdu)
        _ = try link.send(apdu)
        // When
        let repeats = (0..<3).map { _ in link.received(.nak) }
        let last = link.received(.nak)
        // Then
        #expect(repeats.allSatisfy { $0 == [.write(frame), .startAcknowledgeTimer(.seconds(5))] })
        #expect(last == [.cancelAcknowledgeTimer, .refused(attempts: 4)])
    }

    @Test func send_whenOneCopyTimesOutAmongNAKs_failsRatherThanRefused() throws {
        // Given: a copy without any answer may have arrived, so the frame was not refused by the peer.
        var link = ZVTSerialLink(acknowledgeTimeout: .seconds(5))
        _ = try link.send(apdu)
        _ = link.acknowledgeTimerFired()
        _ = link.received(.nak)
        _ = link.received(.nak)
        // When
        let last = link.received(.nak)
        // Then
        #expect(last == [.cancelAcknowledgeTimer, .failed(attempts: 4)])
    }

    @Test func acknowledgeTimerFired_repeatsTheFrame() throws {
        var link = ZVTSerialLink(acknowledgeTimeout: .seconds(5))
        let frame = try ZVTSerialFrameSerializer.frame(apdu)
        _ = try link.send(apdu)
        #expect(link.acknowledgeTimerFired() == [.write(frame), .startAcknowledgeTimer(.seconds(5))])
    }

    @Test func received_frame_isAckedAndDelivered() {
        var link = ZVTSerialLink()
        #expect(link.received(.frame(apdu)) == [.write([0x06]), .deliver(apdu)])
    }

    @Test func receiveFailed_badChecksum_answersNAKAndReportsTheFrameLost() {
        var link = ZVTSerialLink()
        #expect(link.receiveFailed(.badChecksum(expected: 1, received: 2)) == [.write([0x15]), .frameLost(silentFor: .zero)])
    }

    @Test func receiveFailed_frameWhoseLengthLies_answersNAKAndReportsTheFrameLost() throws {
        // Given: an intact frame (good CRC) around a 04 0F that promises 0x36 bytes and holds 3
        var parser = ZVTSerialFrameParser()
        var link = ZVTSerialLink()
        parser.append(ZVTSerialFrameSerializer.frame(payload: hex("04 0F 36 27 00 04")))
        // When
        var actions: [ZVTSerialLink.Action] = []
        do { _ = try parser.nextUnit() } catch { actions = link.receiveFailed(error) }
        // Then
        #expect(actions == [.write([0x15]), .frameLost(silentFor: .zero)])
    }

    @Test func receiveFailed_frameInterrupted_answersNothing() {
        var link = ZVTSerialLink()
        #expect(link.receiveFailed(.frameInterrupted) == [])
    }

    @Test func frameStalled_answersNAKAndReportsTheFrameLostWithTheGap() {
        var link = ZVTSerialLink()
        #expect(link.frameStalled(silentFor: .milliseconds(200)) == [.write([0x15]), .frameLost(silentFor: .milliseconds(200))])
    }
}

struct ZVTSerialFrameTimeoutTests {
    @Test func interByteTimeoutElapsed_midFrame_dropsItAndTheNextFrameParses() throws {
        // Given: half a frame, then silence
        var parser = ZVTSerialFrameParser()
        parser.append(ZVTSerialFrameTests.registrationFrame.prefix(7))
        #expect(try parser.nextUnit() == nil)
        #expect(parser.isInsideFrame)
        // When
        let dropped = parser.interByteTimeoutElapsed()
        parser.append(ZVTSerialFrameTests.registrationFrame)
        // Then
        #expect(dropped)
        #expect(try parser.nextUnit() == .frame(ZVTSerialFrameTests.registrationAPDU))
        #expect(!parser.isInsideFrame)
    }
}

struct ZVTParserFuzzTests {
    @Test(arguments: [UInt64(7), 77, 777])
    func parsers_randomBytes_neverCrashAndAlwaysTerminate(seed: UInt64) {
        // Given: random bytes, biased towards DLE, STX, ETX, ACK and NAK
        var generator = SplitMix64(seed: seed)
        let specials: [UInt8] = [0x10, 0x02, 0x03, 0x06, 0x15, 0xFF, 0x00]
        let bytes: [UInt8] = (0..<20_000).map { _ in
            let roll = generator.next()
            return roll % 3 == 0 ? specials[Int(roll / 3 % UInt64(specials.count))] : UInt8(truncatingIfNeeded: roll >> 8)
        }
        var serial = ZVTSerialFrameParser(maximumPayloadLength: 512)
        var tcp = ZVTAPDUParser(maximumDataLength: 512)
        // When
        for chunk in ChunkPlan.random(seed: seed).split(bytes) {
            serial.append(chunk)
            while true {
                do { guard try serial.nextUnit() != nil else { break } } catch { continue }
            }
            tcp.append(chunk)
            while let apdu = try? tcp.nextAPDU() {
                _ = try? ZVTTerminalMessage(apdu: apdu)
                _ = try? ZVTFieldList.parse(apdu.data)
                _ = try? ZVTTLV.parseList(apdu.data)
            }
        }
        // Then: reaching here without a trap is the assertion
        #expect(Bool(true))
    }
}
