import Hardware
import POSFoundation
import Testing

struct ZVTCommandTests {
    @Test func registration_referenceParameters_matchGoldenAPDU() throws {
        // Given: password 000000, config BA, currency EUR, service byte 00
        let registration = ZVTRegistration(config: ZVTRegistrationConfig(rawValue: 0xBA), currency: .eur, serviceByte: 0)
        // When
        let bytes = try ZVTCommand.registration(registration).apdu().encoded()
        // Then
        #expect(bytes == hex("06 00 08 00 00 00 BA 09 78 03 00"))
    }

    @Test func registration_observedExchange_isPasswordAndConfigOnly() throws {
        let registration = ZVTRegistration(config: ZVTRegistrationConfig(rawValue: 0xBA))
        #expect(try ZVTCommand.registration(registration).apdu().encoded() == hex("06 00 04 00 00 00 BA"))
    }

    @Test func registration_counterDefaults_sendReceiptsToTheCounterAndPermit06D3() throws {
        // Given
        let registration = ZVTRegistration(currency: .eur, tlv: ZVTRegistration.receiptTLV(printerColumns: 42))
        // When
        let apdu = try ZVTCommand.registration(registration).apdu()
        // Then
        #expect(ZVTRegistrationConfig.counterPrints.rawValue == 0xBE)
        #expect(apdu.data == hex("00 00 00 BE 09 78 06 0D 26 08 0A 02 06 D1 0A 02 06 D3 12 01 2A"))
    }

    @Test func authorization_observedExchange_matchesGoldenAPDU() throws {
        // Given: 12.50 EUR with an empty TLV container
        let authorization = ZVTAuthorization(amount: Money(minorUnits: 1250, currency: .eur), tlv: [])
        // When / Then
        #expect(try ZVTCommand.authorization(authorization).apdu().encoded() == hex("06 01 0C 04 00 00 00 00 12 50 49 09 78 06 00"))
    }

    @Test func authorization_negativeAmount_throws() {
        let authorization = ZVTAuthorization(amount: Money(minorUnits: -5, currency: .eur))
        #expect(throws: ZVTProtocolError.valueOutOfRange(field: "amount")) { try ZVTCommand.authorization(authorization).apdu() }
    }

    @Test(arguments: [
        (ZVTCommand.reversal(password: .zero, receiptNumber: 470), "06 30 06 00 00 00 87 04 70"),
        (.refund(password: .zero, amount: Money(minorUnits: 500, currency: .eur)), "06 31 0D 00 00 00 04 00 00 00 00 05 00 49 09 78"),
        (.endOfDay(password: .zero), "06 50 03 00 00 00"),
        (.statusEnquiry(password: nil, serviceByte: nil), "05 01 00"),
        (.statusEnquiry(password: .zero, serviceByte: 0x01), "05 01 05 00 00 00 03 01"),
        (.repeatReceipt(password: nil), "06 20 00"),
        (.abort, "06 B0 00"),
        (.logOff, "06 02 00"),
        (.diagnosis, "06 70 00"),
    ])
    func apdu_commands_encodeAsTheSpecLaysOut(command: ZVTCommand, expected: String) throws {
        #expect(try command.apdu().encoded() == hex(expected))
    }

    @Test func password_description_isRedacted() throws {
        let password = try #require(ZVTPassword("123456"))
        #expect(password.bcd == hex("12 34 56"))
        #expect(password.description == "******")
        #expect(ZVTPassword("12345") == nil)
    }
}
