import POSFoundation

extension ExactDecimal {
    /// This decimal as money in a currency, rounding digits beyond its exponent by a rule.
    ///
    /// Catalog prices, coupon amounts and refund amounts come without a currency and with whatever precision
    /// the merchant typed ("9.999"); the store's currency (with its decimals) makes them money.
    ///
    /// - Returns: The amount, or nil when it does not fit in 64 bits of minor units.
    public func money(in currency: Currency, rounding: RoundingRule = .halfUp) -> Money? {
        // No digit beyond the currency's: scale the significand up (a catalog's prices, nearly always). Writing the
        // text and parsing it again cost a full pull more than decoding the prices did.
        if let units = units(ofExponent: currency.exponent) { return Money(minorUnits: units, currency: currency) }
        return try? Money(parsing: description, currency: currency, rounding: .round(rounding))
    }
}
