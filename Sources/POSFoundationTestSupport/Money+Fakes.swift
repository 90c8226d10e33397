import POSFoundation

extension Money {
    /// A euro amount from exact text, for tests: `Money.eur("12.50")`. Traps on bad text.
    public static func eur(_ text: String) -> Money { money(text, .eur) }
    /// A dollar amount from exact text, for tests.
    public static func usd(_ text: String) -> Money { money(text, .usd) }

    private static func money(_ text: String, _ currency: Currency) -> Money {
        do { return try Money(parsing: text, currency: currency) } catch { preconditionFailure("bad test amount \(text): \(error)") }
    }
}
