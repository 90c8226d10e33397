// MARK: - Encoding and decoding the 80- or 25-character answer

extension ConcertAnswer {
    /// The answer's payload: 80 bytes (full) or 25 (short), to be framed by the serializer.
    ///
    /// A full answer's report carries only a masked card number (`************1234`), because the
    /// answer never holds more: this encoder serves terminal simulators and tests.
    public func encoded() -> [UInt8] {
        var text = ConcertText.zeroPadded(Int64(posNumber), width: 2)
        text.append(status.code)
        text += ConcertText.zeroPadded(amountMinorUnits, width: 8)
        text.append(paymentMode.code)
        if format == .full {
            let masked = cardNumberLastFour.map { String(repeating: "*", count: 12) + $0 } ?? ""
            text += ConcertText.spacePadded(masked, width: Self.reportLength)
        }
        text += currency.description
        text += ConcertText.spacePadded(transactionID, width: 10)
        return Array(text.utf8)
    }

    /// Decodes an answer payload; its length tells the full answer from the short one.
    ///
    /// - Parameter payload: The bytes between `STX` and `ETX`.
    /// - Throws: ``ConcertMessageError`` naming the first field that is wrong (never its content).
    public init(decoding payload: [UInt8]) throws(ConcertMessageError) {
        let format: ConcertAnswerFormat
        switch payload.count {
        case ConcertAnswerFormat.full.answerPayloadLength: format = .full
        case ConcertAnswerFormat.short.answerPayloadLength: format = .short
        default:
            throw .wrongLength(
                expected: [ConcertAnswerFormat.full.answerPayloadLength, ConcertAnswerFormat.short.answerPayloadLength],
                actual: payload.count
            )
        }
        guard let pos = ConcertText.number(payload[0..<2]) else { throw .invalidField(.posNumber) }
        let statusByte = payload[2]
        guard (0x20...0x7E).contains(statusByte) else { throw .invalidField(.status) }
        guard let amount = ConcertText.number(payload[3..<11]) else { throw .invalidField(.amount) }
        guard let mode = ConcertPaymentMode(code: Character(Unicode.Scalar(payload[11]))) else {
            throw .invalidField(.paymentMode)
        }
        var offset = 12
        var lastFour: String?
        if format == .full {
            lastFour = Self.cardNumberLastFour(inReport: payload[offset..<offset + Self.reportLength])
            offset += Self.reportLength
        }
        guard let numeric = ConcertText.number(payload[offset..<offset + 3]),
            let currency = ConcertCurrencyCode(numeric: Int(numeric))
        else { throw .invalidField(.currency) }
        offset += 3
        let transactionID = ConcertText.trimmedText(payload[offset..<offset + 10])
        try self.init(
            posNumber: Int(pos),
            status: ConcertAnswerStatus(code: Character(Unicode.Scalar(statusByte))),
            amountMinorUnits: amount,
            paymentMode: mode,
            cardNumberLastFour: lastFour,
            currency: currency,
            transactionID: transactionID,
            format: format
        )
    }

    /// The last four digits of the card number at the start of a report, or `nil`.
    ///
    /// The card number is the report's first word (pyTeliumManager reads it so). Only its leading run of
    /// digits and mask characters (`*`, `X`, `x`) counts, so that anything after a separator (`=`, `D`,
    /// a space: expiry date, service code) is never taken. The run must be 12 to 19 characters long, the
    /// lengths of a card number, and end in four digits.
    static func cardNumberLastFour(inReport report: ArraySlice<UInt8>) -> String? {
        let start = report.firstIndex(where: { $0 != 0x20 }) ?? report.endIndex
        let word = report[start...].prefix(while: { Self.isCardNumberCharacter($0) })
        guard (12...19).contains(word.count) else { return nil }
        let last = word.suffix(4)
        guard last.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return String(decoding: last, as: UTF8.self)
    }

    private static func isCardNumberCharacter(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "X")
            || byte == UInt8(ascii: "x")
    }
}
