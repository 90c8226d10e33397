import POSFoundation

/// An ISO 4217 numeric currency code, as the Concert protocol carries it (3 digits, "978" for EUR).
///
/// POSFoundation's ``Currency`` knows only alphabetic codes, so this type keeps the small table of
/// numeric codes a European counter meets. A code outside the table can still be built from its number.
///
/// Related spec: reference/concert.md, request field "currency | 3 | ISO numeric, e.g. 978"; ISO 4217.
public struct ConcertCurrencyCode: Hashable, Sendable, CustomStringConvertible {
    /// The numeric code, 0 to 999.
    public let numeric: Int

    /// Creates a code from its number; `nil` outside 0...999.
    public init?(numeric: Int) {
        guard (0...999).contains(numeric) else { return nil }
        self.numeric = numeric
    }

    /// The numeric code of a currency, or `nil` when the table lacks it.
    public init?(_ currency: Currency) {
        guard let numeric = Self.numericByAlphabetic[currency.code] else { return nil }
        self.numeric = numeric
    }

    /// The alphabetic code ("EUR"), when the table knows the number.
    public var alphabeticCode: String? {
        Self.alphabeticByNumeric[numeric]
    }

    /// The currency with its ISO exponent, when the table knows the number.
    public var isoCurrency: Currency? {
        alphabeticCode.map { Currency(code: $0) }
    }

    /// The three digits on the wire, zero-padded ("036" for AUD).
    public var description: String {
        ConcertText.zeroPadded(Int64(numeric), width: 3)
    }

    /// The euro, 978.
    public static let eur = ConcertCurrencyCode(uncheckedNumeric: 978)
    /// The US dollar, 840.
    public static let usd = ConcertCurrencyCode(uncheckedNumeric: 840)

    private init(uncheckedNumeric: Int) {
        numeric = uncheckedNumeric
    }

    // MARK: - Table (ISO 4217)

    private static let numericByAlphabetic: [String: Int] = [
        "EUR": 978, "USD": 840, "GBP": 826, "CHF": 756, "JPY": 392, "CAD": 124, "AUD": 36, "NZD": 554,
        "DKK": 208, "SEK": 752, "NOK": 578, "ISK": 352, "PLN": 985, "CZK": 203, "HUF": 348, "RON": 946,
        "BGN": 975, "MAD": 504, "TND": 788, "XOF": 952, "XAF": 950, "XPF": 953, "KWD": 414,
    ]

    private static let alphabeticByNumeric: [Int: String] = Dictionary(
        uniqueKeysWithValues: numericByAlphabetic.map { ($0.value, $0.key) }
    )
}
