import Hardware
import POSFoundation
import Testing

struct ConcertRequestTests {
    private static func payload(ofFrame hex: String) -> [UInt8] {
        let bytes = [UInt8](hex: hex)
        return Array(bytes[1..<(bytes.count - 2)])
    }

    @Test
    func encoded_referenceDebit_matchesObservedFrame() throws {
        // Given: 12.50 EUR debit, card, full answer, wait for the result (reference/concert.md)
        let request = try ConcertRequest(posNumber: 1, amount: Money(minorUnits: 1250, currency: .eur))

        // When
        let frame = try ConcertLinkSerializer.frame(payload: request.encoded())

        // Then
        #expect(frame.hex == [UInt8](hex: ConcertFixtures.debitRequest1250).hex)
        #expect(request.encoded().count == ConcertRequest.payloadLength)
    }

    @Test
    func encoded_refundWithPrivateData_matchesGoldenFrame() throws {
        // Given
        let request = try ConcertRequest(
            posNumber: 2,
            amount: Money(minorUnits: 999, currency: .eur),
            transactionType: .credit,
            privateData: "REF-42"
        )

        // When
        let frame = try ConcertLinkSerializer.frame(payload: request.encoded())

        // Then
        #expect(frame.hex == [UInt8](hex: ConcertFixtures.refundRequest999).hex)
    }

    @Test
    func decoding_goldenRefund_restoresEveryField() throws {
        // Given
        let payload = Self.payload(ofFrame: ConcertFixtures.refundRequest999)

        // When
        let request = try ConcertRequest(decoding: payload)

        // Then
        #expect(request.posNumber == 2)
        #expect(request.amountMinorUnits == 999)
        #expect(request.answerFormat == .full)
        #expect(request.paymentMode == .card)
        #expect(request.transactionType == .credit)
        #expect(request.currency == .eur)
        #expect(request.privateData == "REF-42")
        #expect(request.delay == .afterTransaction)
        #expect(request.authorization == .normal)
        #expect(request.amount == Money(minorUnits: 999, currency: .eur))
    }

    @Test(arguments: ConcertTransactionType.allCases)
    func decoding_encodedRequest_roundTrips(type: ConcertTransactionType) throws {
        // Given
        let request = try ConcertRequest(
            posNumber: 99, amountMinorUnits: ConcertRequest.maximumAmountMinorUnits, currency: .usd,
            transactionType: type, paymentMode: .cheque, answerFormat: .short, privateData: "ABCDEFGHIJ",
            delay: .immediate, authorization: .forced
        )

        // When
        let decoded = try ConcertRequest(decoding: request.encoded())

        // Then
        #expect(decoded == request)
    }

    @Test
    func init_amountOverEightDigits_throwsAmountOutOfRange() {
        #expect(throws: ConcertMessageError.amountOutOfRange) {
            try ConcertRequest(posNumber: 1, amountMinorUnits: 100_000_000, currency: .eur)
        }
    }

    @Test(arguments: [Int64(0), -1])
    func init_amountNotPositive_throwsAmountOutOfRange(amount: Int64) {
        #expect(throws: ConcertMessageError.amountOutOfRange) {
            try ConcertRequest(posNumber: 1, amountMinorUnits: amount, currency: .eur)
        }
    }

    @Test(arguments: [-1, 100])
    func init_posNumberOutOfTwoDigits_throws(pos: Int) {
        #expect(throws: ConcertMessageError.posNumberOutOfRange) {
            try ConcertRequest(posNumber: pos, amountMinorUnits: 1, currency: .eur)
        }
    }

    @Test(arguments: ["ELEVENCHARS", "tab\there", "café"])
    func init_privateDataNotFitting_throwsPrivateDataInvalid(text: String) {
        #expect(throws: ConcertMessageError.privateDataInvalid) {
            try ConcertRequest(posNumber: 1, amountMinorUnits: 1, currency: .eur, privateData: text)
        }
    }

    @Test
    func init_currencyWithoutNumericCode_throwsUnsupportedCurrency() {
        #expect(throws: ConcertMessageError.unsupportedCurrency(code: "XYZ")) {
            try ConcertRequest(posNumber: 1, amount: Money(minorUnits: 100, currency: Currency(code: "XYZ")))
        }
    }

    @Test
    func init_storeExponentBelowISO_rescalesExactly() throws {
        // Given: a store that counts euros without cents (exponent 0)
        let amount = Money(minorUnits: 12, currency: Currency(code: "EUR", exponent: 0))

        // When
        let request = try ConcertRequest(posNumber: 1, amount: amount)

        // Then
        #expect(request.amountMinorUnits == 1200)
    }

    @Test
    func init_storeExponentAboveISOWithSubCent_throwsAmountNotRepresentable() {
        // Given: 12.505 EUR in a three-decimal store cannot go on the wire in cents
        let amount = Money(minorUnits: 12_505, currency: Currency(code: "EUR", exponent: 3))

        // When / Then
        #expect(throws: ConcertMessageError.amountNotRepresentable) {
            try ConcertRequest(posNumber: 1, amount: amount)
        }
    }

    @Test
    func init_japaneseYen_usesZeroDecimalMinorUnits() throws {
        // Given
        let amount = Money(minorUnits: 1500, currency: .jpy)

        // When
        let request = try ConcertRequest(posNumber: 1, amount: amount)

        // Then
        #expect(request.amountMinorUnits == 1500)
        #expect(request.currency.description == "392")
    }

    @Test(arguments: [
        (2, ConcertMessageField.amount, UInt8(ascii: "x")),
        (10, .answerFlag, UInt8(ascii: "5")),
        (12, .transactionType, UInt8(ascii: "3")),
        (13, .currency, UInt8(ascii: " ")),
        (26, .delay, UInt8(ascii: "Z")),
        (30, .authorization, UInt8(ascii: "Z")),
    ])
    func decoding_corruptedField_throwsInvalidField(offset: Int, field: ConcertMessageField, byte: UInt8) {
        // Given
        var payload = Self.payload(ofFrame: ConcertFixtures.debitRequest1250)
        payload[offset] = byte

        // When / Then
        #expect(throws: ConcertMessageError.invalidField(field)) {
            try ConcertRequest(decoding: payload)
        }
    }

    @Test
    func decoding_wrongLength_throwsWrongLength() {
        #expect(throws: ConcertMessageError.wrongLength(expected: [34], actual: 33)) {
            try ConcertRequest(decoding: Array(Self.payload(ofFrame: ConcertFixtures.debitRequest1250).dropLast()))
        }
    }
}

struct ConcertRequestFactoryTests {
    @Test(arguments: [
        (ConcertTransactionType.debit, "0"), (.credit, "1"), (.cancellation, "2"),
    ])
    func factory_eachTransaction_setsTypeCharacter(type: ConcertTransactionType, character: String) throws {
        // Given
        let amount = Money(minorUnits: 1250, currency: .eur)

        // When
        let request: ConcertRequest = switch type {
        case .debit: try .payment(amount, posNumber: 1)
        case .credit: try .refund(amount, posNumber: 1)
        default: try .cancellation(amount, posNumber: 1)
        }

        // Then
        #expect(request.transactionType == type)
        #expect(String(decoding: request.encoded()[12...12], as: UTF8.self) == character)
        #expect(request.answerFormat == .full && request.delay == .afterTransaction)
    }
}
