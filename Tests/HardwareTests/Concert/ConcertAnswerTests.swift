import Foundation
import Hardware
import Testing

struct ConcertAnswerTests {
    private static func payload(ofFrame hex: String) -> [UInt8] {
        let bytes = [UInt8](hex: hex)
        return Array(bytes[1..<(bytes.count - 2)])
    }

    @Test
    func decoding_approvedFullAnswer_readsEveryField() throws {
        // Given
        let payload = Self.payload(ofFrame: ConcertFixtures.approvedFullAnswer)

        // When
        let answer = try ConcertAnswer(decoding: payload)

        // Then
        #expect(answer.posNumber == 1)
        #expect(answer.status == .approved)
        #expect(answer.isApproved)
        #expect(answer.amountMinorUnits == 1250)
        #expect(answer.paymentMode == .card)
        #expect(answer.cardNumberLastFour == "1234")
        #expect(answer.currency == .eur)
        #expect(answer.transactionID == "TX00004711")
        #expect(answer.format == .full)
    }

    @Test
    func decoding_reportWithClearPANAndExpiry_keepsOnlyLastFourOfThePAN() throws {
        // Given: "4970101234567890 2512 101" in the report
        let payload = Self.payload(ofFrame: ConcertFixtures.approvedFullAnswerWithClearPAN)

        // When
        let answer = try ConcertAnswer(decoding: payload)

        // Then: neither the PAN nor the expiry 2512 survives anywhere in the value
        #expect(answer.cardNumberLastFour == "7890")
        let dump = String(describing: answer)
        #expect(!dump.contains("497010"))
        #expect(!dump.contains("2512"))
        #expect(!answer.encoded().containsSubsequence(Array("4970101234567890".utf8)))
    }

    @Test(arguments: [
        ("************1234", "1234"),
        ("497010XXXXXX1234", "1234"),
        ("4970101234567890=2512101", "7890"),
        ("4970101234567890D2512", "7890"),
        ("  5500000000000004 12/27", "0004"),
        ("2512", nil),
        ("12345678901", nil),
        ("12345678901234567890", nil),
        ("************12X4", nil),
        ("", nil),
        ("CB CONTACTLESS", nil),
    ] as [(String, String?)])
    func decoding_reportVariants_lastFourIsAtMostFourDigits(report: String, expected: String?) throws {
        // Given
        let paddedReport = report.padding(toLength: 55, withPad: " ", startingAt: 0)
        let payload = Array(("010000012501" + paddedReport + "978TX1       ").utf8)

        // When
        let answer = try ConcertAnswer(decoding: payload)

        // Then
        #expect(answer.cardNumberLastFour == expected)
        #expect((answer.cardNumberLastFour?.count ?? 0) <= 4)
    }

    @Test
    func decoding_declinedShortAnswer_readsStatusWithoutCard() throws {
        // Given
        let payload = Self.payload(ofFrame: ConcertFixtures.declinedShortAnswer)

        // When
        let answer = try ConcertAnswer(decoding: payload)

        // Then
        #expect(answer.status == .declined)
        #expect(answer.format == .short)
        #expect(answer.cardNumberLastFour == nil)
        #expect(answer.transactionID == "")
        #expect(answer.amountMinorUnits == 1250)
    }

    @Test(arguments: [
        (ConcertFixtures.approvedFullAnswer, ConcertAnswerStatus.approved),
        (ConcertFixtures.declinedShortAnswer, .declined),
        (ConcertFixtures.notCompletedShortAnswer, .notCompleted),
    ])
    func encoded_decodedGoldenAnswer_reproducesTheFrame(hex: String, status: ConcertAnswerStatus) throws {
        // Given
        let answer = try ConcertAnswer(decoding: Self.payload(ofFrame: hex))

        // When
        let frame = try ConcertLinkSerializer.frame(payload: answer.encoded())

        // Then
        #expect(answer.status == status)
        #expect(frame.hex == [UInt8](hex: hex).hex)
    }

    @Test(arguments: [(Character("0"), "approved"), ("7", "declined by the card or its bank"),
                      ("9", "not carried out (cancelled, timed out or not verified)"), ("5", "unrecognized result")])
    func status_code_hasMeaning(code: Character, meaning: String) {
        #expect(ConcertAnswerStatus(code: code).meaning == meaning)
        #expect(ConcertAnswerStatus(code: code).code == code)
    }

    @Test(arguments: [24, 26, 79, 81, 0])
    func decoding_wrongLength_throwsWrongLength(length: Int) {
        #expect(throws: ConcertMessageError.wrongLength(expected: [80, 25], actual: length)) {
            try ConcertAnswer(decoding: [UInt8](repeating: 0x30, count: length))
        }
    }

    @Test
    func decoding_garbledAmount_throwsInvalidAmount() {
        // Given
        var payload = Self.payload(ofFrame: ConcertFixtures.declinedShortAnswer)
        payload[5] = UInt8(ascii: "?")

        // When / Then
        #expect(throws: ConcertMessageError.invalidField(.amount)) {
            try ConcertAnswer(decoding: payload)
        }
    }

    @Test
    func init_lastFourNotFourDigits_throws() {
        #expect(throws: ConcertMessageError.invalidField(.report)) {
            try ConcertAnswer(posNumber: 1, status: .approved, amountMinorUnits: 1, cardNumberLastFour: "12345",
                              currency: .eur)
        }
    }
}

extension Array where Element: Equatable {
    func containsSubsequence(_ needle: [Element]) -> Bool {
        guard !needle.isEmpty, needle.count <= count else { return needle.isEmpty }
        return (0...(count - needle.count)).contains { Array(self[$0..<($0 + needle.count)]) == needle }
    }
}
