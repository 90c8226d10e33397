import Foundation

/// A tax rate (`wc/v3/taxes`).
public struct TaxRateRecord: Sendable, Equatable {
    /// The id.
    public var id: Int64
    /// ISO country ("" = everywhere).
    public var country: String = ""
    /// State code ("" = everywhere).
    public var state: String = ""
    /// The rate in percent as decimal text (`"19.0000"`).
    public var rate: String
    /// The label (`"MwSt."`).
    public var name: String
    /// Priority: one rate per priority applies.
    public var priority: Int64 = 1
    /// Whether the rate applies on top of the others.
    public var compound: Bool = false
    /// Whether the rate applies to shipping.
    public var shipping: Bool = true
    /// Order among rates.
    public var order: Int64 = 0
    /// The tax class slug (`standard`, `reduced-rate`, …).
    public var taxClass: String = "standard"

    /// The rate in millionths of one (19 % → 190 000).
    var ratePPM: Int64 { (Fixed(parsing: rate) ?? .zero).micros / 100 }

    var json: JSON {
        .object([
            ("id", .int(id)), ("country", .string(country)), ("state", .string(state)),
            ("postcode", .string("")), ("city", .string("")), ("postcodes", .array([])), ("cities", .array([])),
            ("rate", .string((Fixed(parsing: rate) ?? .zero).formatted(4))), ("name", .string(name)),
            ("priority", .int(priority)), ("compound", .bool(compound)), ("shipping", .bool(shipping)),
            ("order", .int(order)), ("class", .string(taxClass)),
        ])
    }
}
