import Storage

/// A tax rate as the totals need it: the percentage in ten-thousandths of a percent, its priority and order.
public struct TaxRateRule: Hashable, Sendable {
    public var id: Int64
    /// The percentage × 10^4 ("19.0000" → 190000), so `amount × ratePPM / 10^6` is the tax.
    public var ratePPM: Int64
    public var name: String
    public var country: String
    public var state: String
    public var priority: Int
    public var position: Int
    public var compound: Bool
    /// The class slug; "standard" for the standard class.
    public var taxClass: String
    /// The rate's text as synced ("19.0000").
    public var rateText: String

    public init(id: Int64, rate: String, name: String = "", country: String = "", state: String = "",
                priority: Int = 1, position: Int = 0, compound: Bool = false, taxClass: String = "standard") {
        self.id = id
        self.ratePPM = (PreciseAmount(decimalText: rate)?.micros ?? 0) / 100
        self.name = name
        self.country = country
        self.state = state
        self.priority = priority
        self.position = position
        self.compound = compound
        self.taxClass = taxClass.isEmpty ? "standard" : taxClass
        self.rateText = rate
    }

    /// The rate of a synced record.
    public init(_ record: TaxRateRecord) {
        self.init(id: record.id, rate: record.rate, name: record.name, country: record.country, state: record.state,
                  priority: record.priority, position: record.position, compound: record.compound,
                  taxClass: record.taxClass)
    }

    /// WooCommerce's rate code: "COUNTRY-STATE-NAME-PRIORITY" (`WC_Tax::get_rate_code`), empty parts left out.
    public var code: String {
        [country, state, name.isEmpty ? "TAX" : name, String(priority)]
            .filter { !$0.isEmpty }.joined(separator: "-").uppercased()
    }
}
