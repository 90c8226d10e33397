// MARK: - Encoding and decoding the 34-character request

extension ConcertRequest {
    /// The request's payload: 34 ASCII bytes, to be framed by ``ConcertLinkSerializer/frame(payload:)``.
    public func encoded() -> [UInt8] {
        var text = ConcertText.zeroPadded(Int64(posNumber), width: 2)
        text += ConcertText.zeroPadded(amountMinorUnits, width: 8)
        text.append(answerFormat.rawValue)
        text.append(paymentMode.code)
        text.append(transactionType.rawValue)
        text += currency.description
        text += ConcertText.spacePadded(privateData, width: 10)
        text += delay.rawValue
        text += authorization.rawValue
        return Array(text.utf8)
    }

    /// Decodes a request payload, as a terminal simulator receives it.
    ///
    /// - Parameter payload: The bytes between `STX` and `ETX`.
    /// - Throws: ``ConcertMessageError`` naming the first field that is wrong.
    public init(decoding payload: [UInt8]) throws(ConcertMessageError) {
        guard payload.count == Self.payloadLength else {
            throw .wrongLength(expected: [Self.payloadLength], actual: payload.count)
        }
        guard let pos = ConcertText.number(payload[0..<2]) else { throw .invalidField(.posNumber) }
        guard let amount = ConcertText.number(payload[2..<10]) else { throw .invalidField(.amount) }
        guard let format = ConcertAnswerFormat(rawValue: Character(Unicode.Scalar(payload[10]))) else {
            throw .invalidField(.answerFlag)
        }
        guard let mode = ConcertPaymentMode(code: Character(Unicode.Scalar(payload[11]))) else {
            throw .invalidField(.paymentMode)
        }
        guard let type = ConcertTransactionType(rawValue: Character(Unicode.Scalar(payload[12]))) else {
            throw .invalidField(.transactionType)
        }
        guard let numeric = ConcertText.number(payload[13..<16]),
            let currency = ConcertCurrencyCode(numeric: Int(numeric))
        else { throw .invalidField(.currency) }
        let privateData = ConcertText.trimmedText(payload[16..<26])
        guard let delay = ConcertAnswerDelay(rawValue: String(decoding: payload[26..<30], as: UTF8.self)) else {
            throw .invalidField(.delay)
        }
        guard let authorization = ConcertAuthorization(rawValue: String(decoding: payload[30..<34], as: UTF8.self))
        else { throw .invalidField(.authorization) }
        try self.init(
            posNumber: Int(pos),
            amountMinorUnits: amount,
            currency: currency,
            transactionType: type,
            paymentMode: mode,
            answerFormat: format,
            privateData: privateData,
            delay: delay,
            authorization: authorization
        )
    }
}
