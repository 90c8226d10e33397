import POSFoundation

/// The outcome of an approved card transaction, as the terminal reported it: everything a receipt and the
/// payment journal need, and no card data beyond the last four digits.
///
/// The expiry date, track data and full PAN never reach this type (the ZVT parser drops them on arrival),
/// so neither its description nor its `Codable` form can leak them.
///
/// Related spec: reference/card-receipts.md (scheme-required receipt fields); ZVT 04 0F Status Information.
public struct PaymentResult: Hashable, Sendable, Codable {
    /// The amount the terminal processed.
    public var amount: Money
    /// The terminal's result code (`00` for an approved result).
    public var resultCode: ZVTResultCode
    /// The trace number (BMP 0B, or TLV 1F2B long form).
    public var traceNumber: Int?
    /// The receipt number (BMP 87), which a reversal names.
    public var receiptNumber: Int?
    /// The turnover record number (BMP 88).
    public var turnoverNumber: Int?
    /// The terminal ID (BMP 29).
    public var terminalID: String?
    /// The merchant (VU) number (BMP 2A).
    public var merchantID: String?
    /// When the terminal processed it (BMP 0C, 0D, AA).
    public var timestamp: TerminalTimestamp?
    /// The card name (BMP 8B), for example "Debit Mastercard".
    public var cardName: String?
    /// The ZVT card type (BMP 8A: 5 girocard, 6 Mastercard, 10 Visa, ...).
    public var cardType: Int?
    /// The network operator's card type ID (BMP 8C).
    public var cardTypeID: Int?
    /// The card number, last four digits only.
    public var maskedPAN: MaskedPAN?
    /// The approval (authorisation) code (BMP 3B).
    public var approvalCode: String?
    /// The EMV application identifier as hex (TLV 43), for example "A0000000041010".
    public var applicationID: String?
    /// The EMV application preferred name (TLV 44).
    public var applicationName: String?
    /// How the card was read (TLV 1F12).
    public var entryMode: CardEntryMode?
    /// How the cardholder was verified (TLV 1F10).
    public var verification: CardholderVerification?
    /// The terminal's own slip text, as it came but with card numbers and expiry dates masked
    /// (``CardDataRedactor``).
    public var slipLines: [String]

    /// Creates a result.
    public init(
        amount: Money, resultCode: ZVTResultCode = .success, traceNumber: Int? = nil, receiptNumber: Int? = nil,
        turnoverNumber: Int? = nil, terminalID: String? = nil, merchantID: String? = nil,
        timestamp: TerminalTimestamp? = nil, cardName: String? = nil, cardType: Int? = nil, cardTypeID: Int? = nil,
        maskedPAN: MaskedPAN? = nil, approvalCode: String? = nil, applicationID: String? = nil,
        applicationName: String? = nil, entryMode: CardEntryMode? = nil, verification: CardholderVerification? = nil,
        slipLines: [String] = []
    ) {
        self.amount = amount
        self.resultCode = resultCode
        self.traceNumber = traceNumber
        self.receiptNumber = receiptNumber
        self.turnoverNumber = turnoverNumber
        self.terminalID = terminalID
        self.merchantID = merchantID
        self.timestamp = timestamp
        self.cardName = cardName
        self.cardType = cardType
        self.cardTypeID = cardTypeID
        self.maskedPAN = maskedPAN
        self.approvalCode = approvalCode
        self.applicationID = applicationID
        self.applicationName = applicationName
        self.entryMode = entryMode
        self.verification = verification
        self.slipLines = slipLines.map(CardDataRedactor.redact)
    }
}

extension PaymentResult: CustomStringConvertible {
    /// A one-line summary for logs: amount, result, card name, masked PAN, trace and receipt numbers.
    public var description: String {
        var parts = ["\(amount)", "result \(resultCode.hex)"]
        if let cardName { parts.append(cardName) }
        if let maskedPAN { parts.append("\(maskedPAN)") }
        if let traceNumber { parts.append("trace \(traceNumber)") }
        if let receiptNumber { parts.append("receipt \(receiptNumber)") }
        return "PaymentResult(" + parts.joined(separator: ", ") + ")"
    }
}
