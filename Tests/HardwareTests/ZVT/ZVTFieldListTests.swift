import Hardware
import POSFoundation
import Testing

struct ZVTFieldListTests {
    /// The Status Information data of the reference's observed exchange.
    static let statusData = hex("""
        27 00 04 00 00 00 00 12 50 0B 00 04 70 22 F0 F8 67 99 99 EE EE EE 00 10
        87 04 70 8B F1 F6 44 65 62 69 74 20 4D 61 73 74 65 72 63 61 72 64 29 29 00 12 34 49 09 78
        """)

    @Test func parse_observedStatusInformation_readsEveryField() throws {
        // When
        let fields = try ZVTFieldList.parse(Self.statusData)
        // Then
        #expect(fields.fields.map(\.bmp) == [.resultCode, .amount, .traceNumber, .pan, .receiptNumber, .cardName, .terminalID, .currencyCode])
        #expect(fields.bytes(.amount) == hex("00 00 00 00 12 50"))
        #expect(fields[.pan] == .maskedPAN(try #require(MaskedPAN(lastFour: "0010", length: 16))))
        #expect(fields.unknownBMP == nil)
    }

    // MARK: - Amounts

    @Test(arguments: [Int64(0), 1, 1250, 999_999_999_999])
    func amount_roundTrips(minorUnits: Int64) throws {
        let bytes = try ZVTFieldCoding.amount(minorUnits: minorUnits)
        #expect(bytes.count == 6)
        #expect(try ZVTFieldCoding.minorUnits(amount: bytes) == minorUnits)
    }

    @Test func amount_money1250EUR_isTheReferenceBytes() throws {
        #expect(try ZVTFieldCoding.amount(Money(minorUnits: 1250, currency: .eur)) == hex("00 00 00 00 12 50"))
    }

    @Test func amount_storeWithoutCents_isSentInISOMinorUnits() throws {
        // Given: a store that counts EUR with exponent 0
        let money = Money(minorUnits: 12, currency: Currency(code: "EUR", exponent: 0))
        // When / Then
        #expect(try ZVTFieldCoding.amount(money) == hex("00 00 00 00 12 00"))
    }

    @Test(arguments: [Int64(-1), 1_000_000_000_000])
    func amount_outOfRange_throws(minorUnits: Int64) {
        #expect(throws: ZVTProtocolError.valueOutOfRange(field: "amount")) {
            try ZVTFieldCoding.amount(minorUnits: minorUnits)
        }
    }

    @Test func currency_EURRoundTrips() {
        #expect(ZVTFieldCoding.currencyCode(.eur) == hex("09 78"))
        #expect(ZVTFieldCoding.currency(code: hex("09 78")) == .eur)
    }

    // MARK: - LLVAR / LLLVAR

    @Test func llvar_cardName_roundTrips() throws {
        // Given
        let field = ZVTField.bytes(.cardName, ascii("Girocard"))
        // When
        let bytes = try field.encoded()
        // Then
        #expect(bytes == hex("8B F0 F8") + ascii("Girocard"))
        #expect(try ZVTFieldList.parse(bytes).fields == [field])
    }

    @Test func lllvar_additionalText_roundTrips() throws {
        let text = [UInt8](repeating: 0x41, count: 123)
        let bytes = try ZVTField.bytes(.additionalText, text).encoded()
        #expect(Array(bytes.prefix(4)) == hex("3C F1 F2 F3"))
        #expect(try ZVTFieldList.parse(bytes).bytes(.additionalText) == text)
    }

    @Test func parse_llvarWithBadLengthDigits_throwsInvalidBCD() {
        #expect(throws: ZVTProtocolError.invalidBCD(field: "BMP 8B length")) {
            try ZVTFieldList.parse(hex("8B 01 08 41"))
        }
    }

    @Test func parse_truncatedFixedField_throwsTruncated() {
        #expect(throws: ZVTProtocolError.truncated("BMP 04 value")) { try ZVTFieldList.parse(hex("04 00 00 12")) }
    }

    @Test func parse_unknownBMP_keepsEarlierFieldsAndStops() throws {
        let fields = try ZVTFieldList.parse(hex("27 00 FE 01 02 03"))
        #expect(fields.fields == [.bytes(.resultCode, [0])])
        #expect(fields.unknownBMP == ZVTBMP(rawValue: 0xFE))
        #expect(fields.unparsedByteCount == 4)
    }

    @Test func fieldList_encodedThenParsed_roundTrips() throws {
        // Given
        let list = ZVTFieldList([
            .bytes(.resultCode, [0]),
            .bytes(.amount, hex("00 00 00 00 12 50")),
            ZVTField(.pan, .maskedPAN(try #require(MaskedPAN(lastFour: "0010", length: 16)))),
            ZVTField(.tlvContainer, .tlv([.constructed(0x2F, [.primitive(0x1F10, [2]), .primitive(0x1F12, [1])])])),
        ])
        // When / Then
        #expect(try ZVTFieldList.parse(try list.encoded()) == list)
    }

    // MARK: - Card data never kept

    @Test func parse_expiryDate_isDiscarded() throws {
        // Given: result, expiry 28/12, receipt number
        let fields = try ZVTFieldList.parse(hex("27 00 0E 28 12 87 00 01"))
        // Then
        #expect(fields[.expiryDate] == .discarded)
        #expect(!"\(fields)".contains("2812") && !"\(fields)".contains("40, 18"))
        #expect(fields.bytes(.receiptNumber) == hex("00 01"))
    }

    @Test func parse_unmaskedPAN_keepsOnlyTheLastFour() throws {
        // Given: a terminal that sends a whole 16-digit PAN
        let fields = try ZVTFieldList.parse(hex("22 F0 F8 54 13 33 00 89 02 00 10"))
        // When
        guard case .maskedPAN(let pan) = fields[.pan] else { Issue.record("no PAN"); return }
        // Then
        #expect(pan.lastFour == "0010")
        #expect(pan.description == "************0010")
        #expect(!"\(fields)".contains("5413"))
    }

    @Test func parse_oddDigitPANWithFPadding_countsDigits() throws {
        let fields = try ZVTFieldList.parse(hex("22 F0 F3 EE E1 23"))
        #expect(fields[.pan] == .maskedPAN(try #require(MaskedPAN(lastFour: "*123", length: 6))))
        _ = try ZVTFieldList.parse(hex("22 F0 F3 EE 12 3F"))
    }
}

struct ZVTTLVTests {
    @Test func parseList_nestedContainers_walksIntoThem() throws {
        // Given: 2F { 1F10 02, 1F12 01 }, 60 { 43 A0000000041010 }
        let bytes = hex("2F 08 1F 10 01 02 1F 12 01 01 60 09 43 07 A0 00 00 00 04 10 10")
        // When
        let elements = try ZVTTLV.parseList(bytes)
        // Then
        #expect(elements.first(tag: 0x1F10)?.bytes == [2])
        #expect(elements.first(tag: 0x1F12)?.bytes == [1])
        #expect(elements.first(tag: 0x43)?.bytes == hex("A0 00 00 00 04 10 10"))
        #expect(ZVTTLV.encodeList(elements) == bytes)
    }

    @Test func parseList_longLengthForms_roundTrip() throws {
        // Given
        let long = ZVTTLV.primitive(0x46, [UInt8](repeating: 0x20, count: 200))
        let longer = ZVTTLV.primitive(0x47, [UInt8](repeating: 0x20, count: 300))
        // When
        let bytes = ZVTTLV.encodeList([long, longer])
        // Then
        #expect(Array(bytes.prefix(3)) == hex("46 81 C8"))
        #expect(try ZVTTLV.parseList(bytes) == [long, longer])
    }

    @Test func parseList_threeByteTag_isRead() throws {
        let elements = try ZVTTLV.parseList(hex("DF 81 01 01 05"))
        #expect(elements == [.primitive(0xDF8101, [5])])
        #expect(ZVTTLV.encodeList(elements) == hex("DF 81 01 01 05"))
    }

    @Test func parseList_valueShorterThanLength_throws() {
        #expect(throws: ZVTProtocolError.self) { try ZVTTLV.parseList(hex("1F 10 05 01")) }
    }

    @Test func parseList_nestingTooDeep_throws() {
        // Given: ten nested 2F containers
        var bytes: [UInt8] = []
        for _ in 0..<10 { bytes = [0x2F, UInt8(bytes.count)] + bytes }
        // When / Then
        #expect(throws: ZVTProtocolError.malformedTLV("nesting deeper than 8")) { try ZVTTLV.parseList(bytes) }
    }

    @Test func parseList_unsupportedLengthForm_throws() {
        #expect(throws: ZVTProtocolError.malformedTLV("unsupported length form 84")) {
            try ZVTTLV.parseList(hex("46 84 00 00 00 01 00"))
        }
    }

    @Test func parseTolerantly_damagedField_keepsEveryFieldBeforeIt() {
        // Given: result 00, amount, then a trace number cut short
        let data = hex("27 00 04 00 00 00 00 12 50 0B 00 04")
        // When
        let fields = ZVTFieldList.parseTolerantly(data)
        // Then
        #expect(fields.fields.map(\.bmp) == [.resultCode, .amount])
        #expect(fields.problem != nil)
        #expect(!fields.isComplete)
        #expect(throws: ZVTProtocolError.self) { try ZVTFieldList.parse(data) }
    }

    @Test func parseTolerantly_unknownField_keepsEveryFieldBeforeItAndNamesIt() {
        let fields = ZVTFieldList.parseTolerantly(hex("27 00 FE 01 02 87 00 07"))
        #expect(fields.fields.map(\.bmp) == [.resultCode])
        #expect(fields.unknownBMP == ZVTBMP(rawValue: 0xFE))
        #expect(fields.unparsedByteCount == 6)
        #expect(fields.problem == nil)
    }
}
