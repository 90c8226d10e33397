import Foundation
import Hardware
import POSFoundation
import Testing

struct PaymentResultTests {
    /// Status Information with an expiry date (0E 28 12) and an unmasked PAN 5413330089020010.
    static let sensitiveStatus = hex("27 00 04 00 00 00 00 12 50 0E 28 12 22 F0 F8 54 13 33 00 89 02 00 10 87 00 07")

    @Test func paymentResult_fromStatusWithExpiryAndFullPAN_keepsNeitherInDescriptionOrJSON() throws {
        // Given
        let status = ZVTStatusInformation(data: Self.sensitiveStatus)
        // When
        let result = status.paymentResult(requestedAmount: Money(minorUnits: 1250, currency: .eur))
        let json = String(decoding: try JSONEncoder().encode(result), as: UTF8.self)
        let text = "\(result) \(String(reflecting: result)) \(status)"
        // Then
        for output in [json, text] {
            #expect(!output.contains("2812"))
            #expect(!output.contains("28/12") && !output.contains("12/28"))
            #expect(!output.contains("541333"))
            #expect(!output.contains("89020010"))
        }
        #expect(result.maskedPAN?.lastFour == "0010")
        #expect(json.contains("0010"))
    }

    @Test func maskedPAN_neverHoldsMoreThanFourDigits() throws {
        // Given / When
        let pan = try #require(MaskedPAN(digits: "5413330089020010"))
        // Then
        #expect(pan.lastFour == "0010")
        #expect(pan.description.filter(\.isNumber).count == 4)
        #expect(MaskedPAN(lastFour: "12345", length: 16) == nil)
    }

    @Test func paymentResult_codableRoundTrips() throws {
        let result = PaymentResult(
            amount: Money(minorUnits: 1250, currency: .eur), traceNumber: 470,
            maskedPAN: MaskedPAN(lastFour: "0010", length: 16), entryMode: .contactless, verification: .noVerification,
            slipLines: ["KUNDENBELEG"]
        )
        let decoded = try JSONDecoder().decode(PaymentResult.self, from: JSONEncoder().encode(result))
        #expect(decoded == result)
    }
}

struct CardReaderErrorTests {
    @Test func message_declineWithResultCode_saysWhyAndWhatNext() {
        // Given
        let error = CardReaderError(phase: .cardRead, resultCode: .cardExpired, underlying: .declined)
        // Then
        #expect(error.message == "Payment declined: the card has expired.")
        #expect(error.recoverySuggestion == "Ask for another card or another means of payment.")
        #expect(error.nextStep == .useOtherCard)
    }

    @Test func message_timeoutInStatus_asksToCheckTheTerminal() {
        let error = CardReaderError(phase: .status, underlying: .timedOut)
        #expect(error.message == "Terminal status failed: the terminal did not answer in time.")
        #expect(error.nextStep == .checkTerminal)
    }

    @Test(arguments: [
        (UInt8(0x05), ZVTResultCode.NextStep.useOtherCard),
        (0x64, .retry), (0x6C, .retry), (0x78, .useOtherCard), (0x9B, .checkTerminal), (0xF0, .checkTerminal),
        (0xE4, .callSupport), (0xFF, .callSupport), (0x00, .noAction), (0xEE, .callSupport),
    ])
    func resultCode_nextStep_followsTheTable(code: UInt8, next: ZVTResultCode.NextStep) {
        #expect(ZVTResultCode(rawValue: code).nextStep == next)
    }
}
