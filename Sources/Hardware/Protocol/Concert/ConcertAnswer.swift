/// The terminal's answer to a ``ConcertRequest``: the full (80-byte) or short (25-byte) payload.
///
/// | field | width | kept as |
/// | --- | --- | --- |
/// | POS number | 2 | ``posNumber`` |
/// | result | 1 | ``status`` |
/// | amount | 8 | ``amountMinorUnits`` |
/// | payment mode | 1 | ``paymentMode`` |
/// | report (full answer only) | 55 | ``cardNumberLastFour`` only |
/// | currency | 3 | ``currency`` |
/// | private | 10 | ``transactionID`` |
///
/// The report holds the card number and other card data. Decoding keeps at most the card number's last
/// four digits and drops the rest (expiry date included) at once; nothing else of it is stored anywhere.
///
/// Related spec: reference/concert.md, "Answer" and "No PAN-safe receipt data comes back".
public struct ConcertAnswer: Hashable, Sendable {
    /// The width of the report field in the full answer.
    public static let reportLength = 55

    /// The POS number the terminal echoes.
    public let posNumber: Int
    /// The transaction result.
    public let status: ConcertAnswerStatus
    /// The amount the terminal processed, in ISO minor units.
    public let amountMinorUnits: Int64
    /// The means of payment the terminal used.
    public let paymentMode: ConcertPaymentMode
    /// The last four digits of the card number, when the full answer carried a card number.
    public let cardNumberLastFour: String?
    /// The currency, ISO numeric.
    public let currency: ConcertCurrencyCode
    /// The terminal's transaction identifier (the private field), trailing spaces removed.
    public let transactionID: String
    /// Whether this was the full or the short answer.
    public let format: ConcertAnswerFormat

    /// Creates an answer, as a terminal simulator or a test builds one.
    ///
    /// - Parameter cardNumberLastFour: Exactly four digits, or `nil`.
    /// - Throws: ``ConcertMessageError`` when a field does not fit its width.
    public init(
        posNumber: Int,
        status: ConcertAnswerStatus,
        amountMinorUnits: Int64,
        paymentMode: ConcertPaymentMode = .card,
        cardNumberLastFour: String? = nil,
        currency: ConcertCurrencyCode,
        transactionID: String = "",
        format: ConcertAnswerFormat = .full
    ) throws(ConcertMessageError) {
        guard (0...99).contains(posNumber) else { throw .posNumberOutOfRange }
        guard (0...ConcertRequest.maximumAmountMinorUnits).contains(amountMinorUnits) else {
            throw .amountOutOfRange
        }
        guard ConcertText.fits(transactionID, width: 10) else { throw .privateDataInvalid }
        guard status.code.asciiValue.map({ (0x20...0x7E).contains($0) }) ?? false else {
            throw .invalidField(.status)
        }
        if let last4 = cardNumberLastFour {
            guard last4.count == 4, last4.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                throw .invalidField(.report)
            }
        }
        self.posNumber = posNumber
        self.status = status
        self.amountMinorUnits = amountMinorUnits
        self.paymentMode = paymentMode
        self.cardNumberLastFour = format == .full ? cardNumberLastFour : nil
        self.currency = currency
        self.transactionID = String(transactionID.reversed().drop(while: { $0 == " " }).reversed())
        self.format = format
    }

    /// Whether the customer's card was charged (or credited): the status is ``ConcertAnswerStatus/approved``.
    public var isApproved: Bool {
        status == .approved
    }
}
