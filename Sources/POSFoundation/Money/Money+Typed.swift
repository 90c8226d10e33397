/// Why a text a person typed is not an amount.
public enum TypedAmountError: Error, Hashable, Sendable {
    /// Not digits with at most one decimal separator (and thousands separators where they belong), or negative.
    case notAnAmount(text: String)
    /// One separator followed by exactly three digits, where that separator is the store's thousands separator
    /// ("1.000" in a store that writes 1.234,56 €): a thousand, or one with three decimals?
    case ambiguous(text: String)
    /// More decimals than the currency has ("1,005" in euros).
    case tooPrecise(text: String, decimals: Int)
}

extension Money {
    /// Parses an amount a person typed, in the store's way of writing money or the other common one: with the
    /// store's separators (1.234,56 €) both "10,00" and "10.00" are ten, "1.234,56" and "1,234.56" the same
    /// amount; one separator followed by three digits is refused as ambiguous when it is the store's thousands
    /// separator ("1.000": write 1000 or 1,000). Never negative.
    ///
    /// ```swift
    /// try Money(typed: "10,00", currency: .eur, separators: .commaDecimalDotGrouping)  // 10.00 EUR
    /// try Money(typed: "1.000", currency: .eur, separators: .commaDecimalDotGrouping)  // throws .ambiguous
    /// ```
    public init(typed text: String, currency: Currency, separators store: DecimalSeparators) throws(TypedAmountError) {
        let body = text.trimmingWhitespace()
        guard !body.isEmpty, body.allSatisfy({ $0.isASCIIDigit || $0 == "." || $0 == "," }),
              body.contains(where: \.isASCIIDigit) else { throw .notAnAmount(text: text) }
        let marks = body.filter { $0 == "." || $0 == "," }
        let separators: DecimalSeparators
        if let last = marks.last, marks.contains(where: { $0 != last }) {
            // Both kinds: the last is the decimal separator, the other groups thousands.
            separators = DecimalSeparators(decimal: last, grouping: last == "." ? "," : ".")
        } else if let mark = marks.first {
            let digitsAfter = body.split(separator: mark, omittingEmptySubsequences: false).last?.count ?? 0
            if marks.count > 1 {
                // Only thousands separators ("1.000.000"): the store's grouping, else nothing sensible.
                guard mark == store.grouping else { throw .notAnAmount(text: text) }
                separators = store
            } else if mark == store.decimal {
                separators = DecimalSeparators(decimal: mark, grouping: nil)
            } else if digitsAfter == 3 {
                throw .ambiguous(text: text)
            } else {
                separators = DecimalSeparators(decimal: mark, grouping: nil)
            }
        } else {
            separators = .api
        }
        let parsed: Money
        do {
            parsed = try Money(parsing: String(body), currency: currency, separators: separators)
        } catch let error {
            if case .tooPrecise(_, let decimals) = error { throw TypedAmountError.tooPrecise(text: text, decimals: decimals) }
            throw TypedAmountError.notAnAmount(text: text)
        }
        self = parsed
    }
}
