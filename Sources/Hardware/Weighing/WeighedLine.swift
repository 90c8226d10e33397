import POSFoundation

/// A cart line sold by weight: the net weight, the price per kilogram and the price to pay, as the law for trade
/// scales wants them shown together on the display and the receipt (docs/hardware.md, "Weighed goods").
///
/// The price is computed once here, from integers: grams × price per kilogram ÷ 1000, rounded half up to the
/// currency's minor unit (1.234 kg × 12.99 EUR/kg = 16.02966 → 16.03 EUR).
public struct WeighedLine: Hashable, Sendable, CustomStringConvertible {
    /// The net weight in grams, as the scale (or the label) gave it.
    public let grams: Int
    /// The price of one kilogram.
    public let unitPrice: Money
    /// The price to pay.
    public let price: Money
    /// Whether a tare was subtracted on the scale (shown as "N" beside the weight).
    public let isNet: Bool

    /// Prices a weight.
    ///
    /// - Precondition: `grams` > 0 (a scale reading of zero or less is refused before it gets here).
    public init(grams: Int, unitPrice: Money, isNet: Bool = false) {
        precondition(grams > 0, "a weighed line needs a positive weight")
        self.grams = grams
        self.unitPrice = unitPrice
        self.isNet = isNet
        price = unitPrice.multiplied(byRatio: Int64(grams), 1000, rounding: .halfUp)
    }

    /// The weight in kilograms with three decimals: "1.234 kg" (with " N" when net).
    public var weightText: String {
        let kilograms = grams / 1000
        let rest = String(grams % 1000)
        let decimals = String(repeating: "0", count: 3 - rest.count) + rest
        return "\(kilograms).\(decimals) kg" + (isNet ? " N" : "")
    }

    /// "12.99 EUR/kg".
    public var unitPriceText: String { "\(unitPrice.decimalString) \(unitPrice.currency.code)/kg" }

    /// "1.234 kg x 12.99 EUR/kg": the weight and the price per kilogram in one neutral form, for the order's line
    /// meta the store keeps.
    public var detail: String { "\(weightText) x \(unitPriceText)" }

    /// The weight and the price per kilogram as the store writes amounts, for a person to read under the line's
    /// name (the receipt, the cart, the customer displays): "1,234 kg x 12,99 €/kg" with `1.234,56 €`,
    /// "1.234 kg x €12.99/kg" with `€1,234.56`.
    public func detail(_ format: MoneyFormat) -> String {
        "\(weightText(decimal: format.separators.decimal)) x \(format.string(for: unitPrice))/kg"
    }

    /// ``weightText`` with `decimal` as its decimal separator: "1,234 kg".
    private func weightText(decimal: Character) -> String {
        String(weightText.map { $0 == "." ? decimal : $0 })
    }

    /// "1.234 kg x 12.99 EUR/kg = 16.03 EUR": the three figures on one line.
    public var description: String { "\(detail) = \(price)" }

    /// The same line with the store's (or the screen's) decimal separator for a person to read:
    /// "1,234 kg x 12,99 EUR/kg = 16,03 EUR" where amounts are written with a decimal comma.
    public func text(separators: DecimalSeparators) -> String {
        func amount(_ money: Money) -> String {
            money.formatted(MoneyFormat(symbol: money.currency.code, position: .rightSpace,
                                        separators: DecimalSeparators(decimal: separators.decimal, grouping: nil)))
        }
        return "\(weightText(decimal: separators.decimal)) x \(amount(unitPrice))/kg = \(amount(price))"
    }
}

extension WeighedLine {
    /// Prices a weight the scale reported.
    public init(_ weight: ScaleWeight, unitPrice: Money) {
        self.init(grams: weight.grams, unitPrice: unitPrice, isNet: weight.isNet)
    }
}
