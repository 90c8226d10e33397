import Hardware
import Testing

struct BCDTests {
    @Test(arguments: [(UInt64(0), 1), (1250, 6), (999_999_999_999, 6), (470, 3), (978, 2)])
    func encodeDecode_roundTrips(value: UInt64, byteCount: Int) throws {
        // Given / When
        let bytes = try #require(BCD.encode(value, byteCount: byteCount))
        // Then
        #expect(bytes.count == byteCount)
        #expect(BCD.decode(bytes) == value)
    }

    @Test func encode_amount1250_isTheZVTBytes() {
        #expect(BCD.encode(1250, byteCount: 6) == hex("00 00 00 00 12 50"))
    }

    @Test func encode_whenTooManyDigits_returnsNil() {
        #expect(BCD.encode(1000, byteCount: 1) == nil)
    }

    @Test func decode_whenNibbleIsNotADigit_returnsNil() {
        #expect(BCD.decode([0x1A]) == nil)
        #expect(BCD.digits([0xF0]) == nil)
    }

    @Test func digits_keepLeadingZeros() {
        #expect(BCD.digits(hex("00 04 70")) == "000470")
        #expect(BCD.encode(digits: "000470") == hex("00 04 70"))
    }
}

struct CRC16KermitTests {
    @Test func checksum_ofCheckString_is2189() {
        #expect(CRC16Kermit.checksum(ascii("123456789")) == 0x2189)
    }

    @Test func checksum_ofRegistrationAPDUPlusETX_isB69E() {
        // Given: the reference's registration APDU followed by ETX
        let bytes = hex("06 00 08 00 00 00 BA 09 78 03 00") + [0x03]
        // When / Then
        #expect(CRC16Kermit.checksum(bytes) == 0xB69E)
    }
}
