import POSFoundation

/// The parameters of Authorisation (06 01), a payment.
///
/// Data layout: `04` amount, [`49` currency], [`02` max status infos], [`19` payment type], [`06` TLV].
///
/// Related spec: ZVT PA00P015 06 01; reference/zvt.md "Commands".
public struct ZVTAuthorization: Hashable, Sendable {
    /// The amount to charge; sent in the currency's ISO minor units.
    public var amount: Money
    /// Whether to send BMP 49 with the amount's currency.
    public var sendsCurrency: Bool
    /// The payment type byte (BMP 19), for example `40` "the terminal decides".
    public var paymentType: UInt8?
    /// The most Status Information messages the terminal may send (BMP 02).
    public var maximumStatusInfos: UInt8?
    /// The TLV container; `nil` omits BMP 06, `[]` sends an empty one (`06 00`).
    public var tlv: [ZVTTLV]?

    /// Creates authorisation parameters.
    public init(
        amount: Money, sendsCurrency: Bool = true, paymentType: UInt8? = nil, maximumStatusInfos: UInt8? = nil,
        tlv: [ZVTTLV]? = nil
    ) {
        self.amount = amount
        self.sendsCurrency = sendsCurrency
        self.paymentType = paymentType
        self.maximumStatusInfos = maximumStatusInfos
        self.tlv = tlv
    }

    func data() throws(ZVTProtocolError) -> [UInt8] {
        var bytes = [ZVTBMP.amount.rawValue] + (try ZVTFieldCoding.amount(amount))
        if sendsCurrency {
            guard let code = ZVTFieldCoding.currencyCode(amount.currency) else {
                throw .valueOutOfRange(field: "currency \(amount.currency.code)")
            }
            bytes += [ZVTBMP.currencyCode.rawValue] + code
        }
        if let maximumStatusInfos { bytes += [ZVTBMP.maximumStatusInfos.rawValue, maximumStatusInfos] }
        if let paymentType { bytes += [ZVTBMP.paymentType.rawValue, paymentType] }
        if let tlv { bytes += ZVTTLV.encodeContainer(tlv) }
        return bytes
    }
}
