import POSFoundation

/// Status Information (04 0F): the terminal's report of a transaction, as BMP fields.
///
/// Related spec: ZVT PA00P015 04 0F; reference/zvt.md "BMP field table" and "TLV tags".
public struct ZVTStatusInformation: Hashable, Sendable {
    /// The fields, card data already reduced (no expiry, PAN masked).
    public var fields: ZVTFieldList

    /// Creates status information from fields.
    public init(fields: ZVTFieldList) {
        self.fields = fields
    }

    /// Parses 04 0F data tolerantly: an unknown field number or a damaged field ends the parse, and every field
    /// before it is kept (``ZVTFieldList/unknownBMP``, ``ZVTFieldList/problem``).
    public init(data: [UInt8]) {
        fields = ZVTFieldList.parseTolerantly(data)
    }

    /// True when the whole report was read: no unknown field, nothing damaged.
    public var isComplete: Bool { fields.isComplete }

    /// True when a field of the report was cut short or malformed (not merely unknown): what follows is lost, and
    /// what came before may not be what the terminal meant.
    public var isDamaged: Bool { fields.problem != nil }

    /// The result code (BMP 27); a report without one is taken as success, as terminals omit it then.
    public var resultCode: ZVTResultCode {
        fields.bytes(.resultCode)?.first.map(ZVTResultCode.init(rawValue:)) ?? .success
    }

    /// True when the report carries BMP 27.
    public var hasResultCode: Bool { fields.contains(.resultCode) }

    /// The amount, in the currency of BMP 49 if known, else `fallbackCurrency`.
    public func amount(fallbackCurrency: Currency) -> Money? {
        guard let bytes = fields.bytes(.amount), let minor = try? ZVTFieldCoding.minorUnits(amount: bytes) else {
            return nil
        }
        let currency = fields.bytes(.currencyCode).flatMap(ZVTFieldCoding.currency(code:))
            ?? Currency(code: fallbackCurrency.code)
        return Money(minorUnits: minor, currency: currency)
    }

    /// The payment result this report describes.
    ///
    /// - Parameters:
    ///   - requestedAmount: The amount the counter asked for; used when the report has no BMP 04.
    ///   - slipLines: The terminal's receipt lines collected during the transaction.
    public func paymentResult(requestedAmount: Money, slipLines: [String] = []) -> PaymentResult {
        let tlv = fields.tlv
        let trace = fields.bytes(.traceNumber).flatMap(ZVTFieldCoding.number)
            ?? tlv.first(tag: ZVTTLV.Tag.longTraceNumber)?.bytes.flatMap(ZVTFieldCoding.number)
        var pan: MaskedPAN?
        if case .maskedPAN(let value) = fields[.pan] { pan = value }
        let approval = fields.bytes(.approvalCode).map(ZVTFieldCoding.asciiText).flatMap { $0.isEmpty ? nil : $0 }
        return PaymentResult(
            amount: amount(fallbackCurrency: requestedAmount.currency) ?? requestedAmount,
            resultCode: resultCode,
            traceNumber: trace,
            receiptNumber: fields.bytes(.receiptNumber).flatMap(ZVTFieldCoding.number),
            turnoverNumber: fields.bytes(.turnoverNumber).flatMap(ZVTFieldCoding.number),
            terminalID: fields.bytes(.terminalID).flatMap { BCD.digits($0) },
            merchantID: fields.bytes(.vuNumber).map(ZVTFieldCoding.asciiText),
            timestamp: ZVTFieldCoding.timestamp(in: fields),
            cardName: fields.bytes(.cardName).map(ZVTFieldCoding.asciiText),
            cardType: fields.bytes(.cardType)?.first.map(Int.init),
            cardTypeID: fields.bytes(.cardTypeID)?.first.map(Int.init),
            maskedPAN: pan,
            approvalCode: approval,
            applicationID: tlv.first(tag: ZVTTLV.Tag.applicationID)?.bytes.map { HexBytes.string($0, separator: "") },
            applicationName: tlv.first(tag: ZVTTLV.Tag.applicationPreferredName)?.bytes.map(ZVTFieldCoding.asciiText),
            entryMode: tlv.first(tag: ZVTTLV.Tag.cardTechnology)?.bytes?.first.flatMap(CardEntryMode.init(zvtCardTechnology:)),
            verification: tlv.first(tag: ZVTTLV.Tag.cardholderAuthentication)?.bytes?.first
                .flatMap(CardholderVerification.init(zvtValue:)),
            slipLines: slipLines
        )
    }
}
