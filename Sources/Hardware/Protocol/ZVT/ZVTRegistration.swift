import POSFoundation

/// The parameters of Registration (06 00).
///
/// Data layout: password (3-byte BCD), config byte, [currency (2-byte BCD, no BMP tag)], [`03` service byte],
/// [`06` TLV]. With the defaults the terminal sends every receipt to the counter as text, and is allowed to
/// send whole text blocks (06 D3) through TLV 26.
///
/// Related spec: ZVT PA00P015 06 00; reference/zvt.md "Commands".
public struct ZVTRegistration: Hashable, Sendable {
    /// The terminal password.
    public var password: ZVTPassword
    /// The config byte.
    public var config: ZVTRegistrationConfig
    /// The currency the counter works in, sent as ISO numeric BCD.
    public var currency: Currency?
    /// The service byte (BMP 03).
    public var serviceByte: UInt8?
    /// The TLV container; `nil` omits BMP 06.
    public var tlv: [ZVTTLV]?

    /// Creates registration parameters.
    public init(
        password: ZVTPassword = .zero, config: ZVTRegistrationConfig = .counterPrints, currency: Currency? = nil,
        serviceByte: UInt8? = nil, tlv: [ZVTTLV]? = nil
    ) {
        self.password = password
        self.config = config
        self.currency = currency
        self.serviceByte = serviceByte
        self.tlv = tlv
    }

    /// The TLV that permits 06 D1 print lines and 06 D3 text blocks and sets the receipt width.
    public static func receiptTLV(printerColumns: Int? = nil) -> [ZVTTLV] {
        var elements: [ZVTTLV] = [
            .constructed(ZVTTLV.Tag.permittedCommands, [
                .primitive(ZVTTLV.Tag.commandCode, [0x06, 0xD1]),
                .primitive(ZVTTLV.Tag.commandCode, [0x06, 0xD3]),
            ]),
        ]
        if let printerColumns, (1...255).contains(printerColumns) {
            elements.append(.primitive(ZVTTLV.Tag.printerColumns, [UInt8(printerColumns)]))
        }
        return elements
    }

    func data() -> [UInt8] {
        var bytes = password.bcd + [config.rawValue]
        if let currency, let code = ZVTFieldCoding.currencyCode(currency) { bytes += code }
        if let serviceByte { bytes += [ZVTBMP.serviceByte.rawValue, serviceByte] }
        if let tlv { bytes += ZVTTLV.encodeContainer(tlv) }
        return bytes
    }
}
