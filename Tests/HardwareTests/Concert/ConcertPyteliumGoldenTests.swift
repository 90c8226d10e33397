import Foundation
import Hardware
import POSFoundation
import Testing

/// Golden frames produced by pyteliummanager 2.4.2 (`TeliumAsk.new_payment(...).encode()`,
/// `TeliumResponse(...).encode()`), an implementation we did not write, against our codec. The live round trips
/// are `ConcertPyteliumEndToEndTests`.
struct ConcertPyteliumGoldenTests {
    /// `TeliumAsk.new_payment(12.5, 'debit', 'EUR').encode()`.
    static let ask: [UInt8] = [0x02] + Array("0100001250110978          A010B010".utf8) + [0x03, 0x01]
    /// `TeliumResponse('01', 0, 12.5, '1', '5413330089010434=2512101'.ljust(55), '978', '0000004242').encode()`:
    /// a full answer whose report holds a whole card number and an expiry, as a real terminal sends it.
    static let fullAnswer: [UInt8] = [0x02]
        + Array(("0100000125015413330089010434=2512101".padding(toLength: 67, withPad: " ", startingAt: 0)
            + "9780000004242").utf8) + [0x03, 0x1A]
    /// `TeliumResponse('01', 7, 3.0, '1', '', '978', '0000000007').encode()`: a short answer, rejected.
    static let shortRejected: [UInt8] = [0x02] + Array("0170000030019780000000007".utf8) + [0x03, 0x36]

    static func payload(_ frame: [UInt8]) throws -> [UInt8] {
        var parser = ConcertLinkParser()
        parser.append(frame)
        let event = try parser.nextEvent()
        guard case .frame(let payload)? = event else {
            Issue.record("expected a frame, got \(String(describing: event))")
            return []
        }
        return payload
    }

    @Test func encoded_debit1250EUR_isByteForBytePyteliumsAsk() throws {
        // Given
        let request = try ConcertRequest.payment(Money(minorUnits: 1250, currency: .eur), posNumber: 1)

        // When
        let frame = try ConcertLinkSerializer.frame(payload: request.encoded())

        // Then
        #expect(frame == Self.ask)
    }

    @Test func decoding_pyteliumFullAnswer_keepsOnlyTheLastFourDigits() throws {
        // Given
        let payload = try Self.payload(Self.fullAnswer)

        // When
        let answer = try ConcertAnswer(decoding: payload)

        // Then
        #expect(answer.status == .approved)
        #expect(answer.amountMinorUnits == 1250)
        #expect(answer.currency.isoCurrency == .eur)
        #expect(answer.transactionID == "0000004242")
        #expect(answer.cardNumberLastFour == "0434")
        #expect(!String(describing: answer).contains("5413330089010434"))
        #expect(!String(describing: answer).contains("2512"))
    }

    @Test func decoding_pyteliumShortRejectedAnswer_isDeclined() throws {
        // Given
        let payload = try Self.payload(Self.shortRejected)

        // When
        let answer = try ConcertAnswer(decoding: payload)

        // Then
        #expect(answer.status == .declined)
        #expect(answer.amountMinorUnits == 300)
        #expect(answer.format == .short)
        #expect(answer.transactionID == "0000000007")
    }
}
