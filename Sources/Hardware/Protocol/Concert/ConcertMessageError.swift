/// Why a Concert request or answer could not be built or decoded.
///
/// These errors name the field, never its content: an answer's report field holds card data.
public enum ConcertMessageError: Error, Hashable, Sendable {
    /// The payload length is none of the lengths the message may have.
    case wrongLength(expected: [Int], actual: Int)
    /// A field holds characters its definition does not allow (letters in the amount, an unknown flag).
    case invalidField(ConcertMessageField)
    /// The amount does not fit the 8-digit field, or is not positive in a request.
    case amountOutOfRange
    /// The POS number does not fit the 2-digit field (0 to 99).
    case posNumberOutOfRange
    /// The private data is longer than its 10 characters or holds non-printable characters.
    case privateDataInvalid
    /// The currency has no ISO 4217 numeric code in ``ConcertCurrencyCode``'s table.
    case unsupportedCurrency(code: String)
    /// The amount has more decimals than the ISO currency, so it cannot be sent in minor units exactly.
    case amountNotRepresentable
}

/// The fields of the Concert request and answer, for error reports.
public enum ConcertMessageField: String, Hashable, Sendable {
    case posNumber
    case amount
    case answerFlag
    case paymentMode
    case transactionType
    case currency
    case privateData
    case delay
    case authorization
    case status
    case report
}

extension ConcertMessageError: CustomStringConvertible {
    /// What went wrong, naming the field but never its content.
    public var description: String {
        switch self {
        case .wrongLength(let expected, let actual):
            "Concert message of \(actual) bytes; expected \(expected.map(String.init).joined(separator: " or "))"
        case .invalidField(let field):
            "Concert message field '\(field.rawValue)' is invalid"
        case .amountOutOfRange:
            "Concert amount must be between 1 and 99999999 minor units"
        case .posNumberOutOfRange:
            "Concert POS number must be between 0 and 99"
        case .privateDataInvalid:
            "Concert private data must be at most 10 printable ASCII characters"
        case .unsupportedCurrency(let code):
            "Currency \(code) has no known ISO 4217 numeric code"
        case .amountNotRepresentable:
            "The amount has more decimals than the currency's ISO minor unit"
        }
    }
}
