/// The decimal and thousands separators a store writes amounts with.
///
/// WooCommerce's REST API always writes amounts with a dot and no grouping (``api``); a cashier types them
/// the way the store shows them (`woocommerce_price_decimal_sep`, `woocommerce_price_thousand_sep`).
public struct DecimalSeparators: Hashable, Sendable, Codable {
    /// The decimal separator, such as "." or ",".
    public let decimal: Character
    /// The thousands separator, or `nil` for none.
    public let grouping: Character?

    public init(decimal: Character, grouping: Character?) {
        self.decimal = decimal
        // A store set up with the same character for both would make "1,234" ambiguous; grouping loses.
        self.grouping = grouping == decimal ? nil : grouping
    }

    /// What the REST API sends: "1234.50".
    public static let api = DecimalSeparators(decimal: ".", grouping: nil)
    /// English-style "1,234.50".
    public static let dotDecimalCommaGrouping = DecimalSeparators(decimal: ".", grouping: ",")
    /// German-style "1.234,50".
    public static let commaDecimalDotGrouping = DecimalSeparators(decimal: ",", grouping: ".")

    /// Builds separators from WooCommerce setting strings; an empty decimal separator means ".".
    public init(decimalSetting: String, groupingSetting: String) {
        let decimal = decimalSetting.first ?? "."
        let grouping = groupingSetting.first
        self.init(decimal: decimal, grouping: grouping)
    }

    private enum CodingKeys: String, CodingKey { case decimal, grouping }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let decimal = try container.decode(String.self, forKey: .decimal)
        let grouping = try container.decodeIfPresent(String.self, forKey: .grouping)
        self.init(decimal: decimal.first ?? ".", grouping: grouping?.first)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(String(decimal), forKey: .decimal)
        try container.encodeIfPresent(grouping.map { String($0) }, forKey: .grouping)
    }
}
