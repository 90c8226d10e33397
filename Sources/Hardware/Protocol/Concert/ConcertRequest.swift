import POSFoundation

/// The ECR's transaction request: the 34-character payload of protocol E+.
///
/// | field | width | encoding |
/// | --- | --- | --- |
/// | POS number | 2 | digits, zero-padded |
/// | amount | 8 | minor units, zero-padded |
/// | answer flag | 1 | ``ConcertAnswerFormat`` |
/// | payment mode | 1 | ``ConcertPaymentMode`` |
/// | transaction type | 1 | ``ConcertTransactionType`` |
/// | currency | 3 | ISO 4217 numeric, ``ConcertCurrencyCode`` |
/// | private | 10 | free text, space-padded |
/// | delay | 4 | ``ConcertAnswerDelay`` |
/// | authorisation | 4 | ``ConcertAuthorization`` |
///
/// ```swift
/// let request = try ConcertRequest(posNumber: 1, amount: Money(minorUnits: 1250, currency: .eur))
/// let payload = request.encoded()   // "0100001250110978          A010B010"
/// ```
///
/// Related spec: reference/concert.md, "Request (34 ASCII characters)".
public struct ConcertRequest: Hashable, Sendable {
    /// The payload length of every request.
    public static let payloadLength = 34
    /// The largest amount the 8-digit field holds.
    public static let maximumAmountMinorUnits: Int64 = 99_999_999

    /// The checkout's number, 0 to 99; the terminal echoes it in its answer.
    public let posNumber: Int
    /// The amount in the currency's ISO minor units, 1 to ``maximumAmountMinorUnits``.
    public let amountMinorUnits: Int64
    /// Which answer the terminal should send.
    public let answerFormat: ConcertAnswerFormat
    /// The means of payment.
    public let paymentMode: ConcertPaymentMode
    /// Debit, credit, cancellation or automatic.
    public let transactionType: ConcertTransactionType
    /// The currency, ISO numeric.
    public let currency: ConcertCurrencyCode
    /// Up to 10 printable ASCII characters for the terminal; sent space-padded, kept without the padding.
    public let privateData: String
    /// When the terminal answers.
    public let delay: ConcertAnswerDelay
    /// Whether authorisation is forced.
    public let authorization: ConcertAuthorization

    /// Creates a request from its fields, checking each against its width.
    ///
    /// - Throws: ``ConcertMessageError`` when a field does not fit.
    public init(
        posNumber: Int,
        amountMinorUnits: Int64,
        currency: ConcertCurrencyCode,
        transactionType: ConcertTransactionType = .debit,
        paymentMode: ConcertPaymentMode = .card,
        answerFormat: ConcertAnswerFormat = .full,
        privateData: String = "",
        delay: ConcertAnswerDelay = .afterTransaction,
        authorization: ConcertAuthorization = .normal
    ) throws(ConcertMessageError) {
        guard (0...99).contains(posNumber) else { throw .posNumberOutOfRange }
        guard (1...Self.maximumAmountMinorUnits).contains(amountMinorUnits) else { throw .amountOutOfRange }
        guard ConcertText.fits(privateData, width: 10) else { throw .privateDataInvalid }
        self.posNumber = posNumber
        self.amountMinorUnits = amountMinorUnits
        self.currency = currency
        self.transactionType = transactionType
        self.paymentMode = paymentMode
        self.answerFormat = answerFormat
        self.privateData = String(privateData.reversed().drop(while: { $0 == " " }).reversed())
        self.delay = delay
        self.authorization = authorization
    }

    /// Creates a request for an amount of money, converting it to the currency's ISO minor units.
    ///
    /// A store may count a currency with another exponent than ISO's (see ``Currency``); the amount is
    /// rescaled exactly, or the request is refused rather than rounded.
    ///
    /// - Throws: ``ConcertMessageError/unsupportedCurrency(code:)``,
    ///   ``ConcertMessageError/amountNotRepresentable`` or a field error.
    public init(
        posNumber: Int,
        amount: Money,
        transactionType: ConcertTransactionType = .debit,
        paymentMode: ConcertPaymentMode = .card,
        answerFormat: ConcertAnswerFormat = .full,
        privateData: String = ""
    ) throws(ConcertMessageError) {
        guard let code = ConcertCurrencyCode(amount.currency) else {
            throw .unsupportedCurrency(code: amount.currency.code)
        }
        let iso = Currency(code: amount.currency.code)
        let rescaled = amount.rescaled(to: iso)
        guard rescaled.rescaled(to: amount.currency) == amount else { throw .amountNotRepresentable }
        try self.init(
            posNumber: posNumber,
            amountMinorUnits: rescaled.minorUnits,
            currency: code,
            transactionType: transactionType,
            paymentMode: paymentMode,
            answerFormat: answerFormat,
            privateData: privateData
        )
    }

    /// The amount as ``Money`` in the ISO currency, when the currency table knows the code.
    public var amount: Money? {
        currency.isoCurrency.map { Money(minorUnits: amountMinorUnits, currency: $0) }
    }
}
