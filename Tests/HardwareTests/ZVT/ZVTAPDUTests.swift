import Hardware
import Testing

struct ZVTAPDUTests {
    @Test func encoded_shortData_usesOneLengthByte() throws {
        // Given
        let apdu = ZVTAPDU(class: 0x06, instruction: 0x00, data: hex("00 00 00 BA"))
        // When / Then
        #expect(try apdu.encoded() == hex("06 00 04 00 00 00 BA"))
    }

    @Test(arguments: [255, 300, 0xFFFF])
    func encoded_longData_usesFFAndLittleEndianLength(count: Int) throws {
        // Given
        let apdu = ZVTAPDU(class: 0x06, instruction: 0xD3, data: [UInt8](repeating: 0x41, count: count))
        // When
        let bytes = try apdu.encoded()
        // Then
        #expect(Array(bytes.prefix(5)) == [0x06, 0xD3, 0xFF, UInt8(count & 0xFF), UInt8(count >> 8)])
        #expect(try ZVTAPDU.decode(bytes) == apdu)
    }

    @Test func encoded_whenDataExceeds65535_throwsTooLong() {
        let apdu = ZVTAPDU(class: 0x06, instruction: 0xD3, data: [UInt8](repeating: 0, count: 0x10000))
        #expect(throws: ZVTProtocolError.apduTooLong(length: 0x10000, maximum: 0xFFFF)) { try apdu.encoded() }
    }

    @Test func decode_254Bytes_usesShortForm() throws {
        let apdu = ZVTAPDU(class: 0x04, instruction: 0x0F, data: [UInt8](repeating: 1, count: 254))
        let bytes = try apdu.encoded()
        #expect(bytes[2] == 0xFE)
        #expect(try ZVTAPDU.decode(bytes) == apdu)
    }

    @Test func decode_whenDataShorterThanDeclared_throwsLengthMismatch() {
        #expect(throws: ZVTProtocolError.lengthMismatch(declared: 4, actual: 2)) {
            try ZVTAPDU.decode(hex("06 00 04 00 00"))
        }
    }

    @Test func description_neverPrintsData() {
        let apdu = ZVTAPDU(class: 0x04, instruction: 0x0F, data: hex("22 F0 F8 67 99 99 12 34 56 00 10"))
        #expect(!apdu.description.contains("67"))
        #expect(apdu.description.contains("04 0F"))
    }
}

struct ZVTAPDUParserTests {
    /// The terminal's side of the reference's observed TCP exchange, back to back.
    static let terminalStream = hex("""
        80 00 00 04 FF 01 0A
        04 0F 36 27 00 04 00 00 00 00 12 50 0B 00 04 70 22 F0 F8 67 99 99 EE EE EE 00 10
        87 04 70 8B F1 F6 44 65 62 69 74 20 4D 61 73 74 65 72 63 61 72 64 29 29 00 12 34 49 09 78
        06 0F 00
        """)

    @Test(arguments: ChunkPlan.all)
    func nextAPDU_observedExchange_yieldsFourAPDUsWhateverTheChunking(plan: ChunkPlan) throws {
        // Given
        var parser = ZVTAPDUParser()
        var apdus: [ZVTAPDU] = []
        // When
        for chunk in plan.split(Self.terminalStream) {
            parser.append(chunk)
            while let apdu = try parser.nextAPDU() { apdus.append(apdu) }
        }
        // Then
        #expect(apdus.map(\.command) == [.acknowledgement, .intermediateStatus, .statusInformation, .completion])
        #expect(apdus[2].data.count == 0x36)
        #expect(parser.bufferedByteCount == 0)
    }

    @Test(arguments: ChunkPlan.all)
    func nextAPDU_extendedLength_isReassembled(plan: ChunkPlan) throws {
        // Given
        let apdu = ZVTAPDU(class: 0x06, instruction: 0xD3, data: (0..<600).map { UInt8($0 % 251) })
        var parser = ZVTAPDUParser()
        var result: [ZVTAPDU] = []
        // When
        for chunk in plan.split(try apdu.encoded()) {
            parser.append(chunk)
            while let next = try parser.nextAPDU() { result.append(next) }
        }
        // Then
        #expect(result == [apdu])
    }

    @Test func nextAPDU_whenIncomplete_returnsNil() throws {
        var parser = ZVTAPDUParser()
        parser.append(hex("06 0F"))
        #expect(try parser.nextAPDU() == nil)
        parser.append(hex("02 01"))
        #expect(try parser.nextAPDU() == nil)
        parser.append(hex("02"))
        #expect(try parser.nextAPDU() == ZVTAPDU(class: 0x06, instruction: 0x0F, data: [1, 2]))
    }

    @Test func nextAPDU_whenLengthExceedsMaximum_throwsTooLong() {
        // Given: an APDU announcing 0x2000 bytes against a 4 KiB limit
        var parser = ZVTAPDUParser(maximumDataLength: 4096)
        parser.append(hex("06 D3 FF 00 20"))
        // When / Then
        #expect(throws: ZVTProtocolError.apduTooLong(length: 0x2000, maximum: 4096)) { try parser.nextAPDU() }
    }

    // MARK: - A frame cut short

    @Test func frameCompletionTimeoutElapsed_statusWhoseLengthLies_dropsItAndTheNextAPDUParses() throws {
        // Given: a 04 0F promising 0x36 data bytes, of which 10 came
        var parser = ZVTAPDUParser()
        parser.append(hex("04 0F 36 27 00 04 00 00 00 00 12 50 0B"))
        #expect(try parser.nextAPDU() == nil)
        #expect(parser.isInsideAPDU)
        // When
        let dropped = parser.frameCompletionTimeoutElapsed()
        let leftOver = parser.bufferedByteCount
        parser.append(hex("80 00 00"))
        // Then
        #expect(dropped)
        #expect(leftOver == 0)
        #expect(try parser.nextAPDU() == .acknowledgement)
        #expect(!parser.isInsideAPDU)
        #expect(parser.bufferedByteCount == 0)
    }

    @Test func frameCompletionTimeoutElapsed_betweenAPDUs_dropsNothing() throws {
        // Given: one whole APDU, read
        var parser = ZVTAPDUParser()
        parser.append(hex("80 00 00"))
        _ = try parser.nextAPDU()
        // When
        let dropped = parser.frameCompletionTimeoutElapsed()
        // Then
        #expect(!dropped)
        #expect(!parser.isInsideAPDU)
    }

    @Test func isInsideAPDU_afterOnlyTheClassByte_isTrue() throws {
        var parser = ZVTAPDUParser()
        parser.append(hex("04"))
        #expect(try parser.nextAPDU() == nil)
        #expect(parser.isInsideAPDU)
    }
}
