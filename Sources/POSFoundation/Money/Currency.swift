/// A currency: its ISO 4217 code and the number of digits of its minor unit.
///
/// The exponent defaults to the ISO 4217 value (2 for EUR, 0 for JPY, 3 for KWD). A WooCommerce store can
/// be set to show a different number of decimals (`woocommerce_price_num_decimals`); WooCommerce then rounds
/// every stored amount to that many decimals, so the store's setting, not ISO's, is what `Money` must count
/// in. Build such a currency with ``init(code:exponent:)``.
///
/// ```swift
/// let euro = Currency(code: "EUR")          // exponent 2
/// let yenStore = Currency(code: "JPY")      // exponent 0
/// let euroNoCents = Currency(code: "EUR", exponent: 0)
/// ```
public struct Currency: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The ISO 4217 alphabetic code, upper case ("EUR").
    public let code: String
    /// How many decimal digits one major unit has in minor units (2 means 1.00 = 100 minor units).
    public let exponent: Int

    /// The largest exponent supported: 10^9 still leaves over nine billion major units in an `Int64`.
    public static let maximumExponent = 9

    /// Creates a currency.
    ///
    /// - Parameters:
    ///   - code: An ISO 4217 code; it is upper-cased.
    ///   - exponent: The minor-unit digits; `nil` takes the ISO 4217 value, or 2 for a code the table lacks.
    public init(code: String, exponent: Int? = nil) {
        let upper = code.uppercased()
        self.code = upper
        let value = exponent ?? Currency.isoExponent(for: upper)
        self.exponent = min(max(value, 0), Currency.maximumExponent)
    }

    public var description: String { code }

    /// The ISO 4217 exponent of a code: 2 unless the table below says otherwise.
    ///
    /// Related spec: ISO 4217 list one, column "Minor unit".
    public static func isoExponent(for code: String) -> Int {
        isoExponents[code.uppercased()] ?? 2
    }

    /// The common symbol for a code ("€" for EUR), or the code itself.
    public var symbol: String {
        Currency.symbols[code] ?? code
    }

    // MARK: - Well-known currencies

    public static let eur = Currency(code: "EUR")
    public static let usd = Currency(code: "USD")
    public static let jpy = Currency(code: "JPY")
    public static let kwd = Currency(code: "KWD")

    // MARK: - Tables

    private static let isoExponents: [String: Int] = [
        "BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "ISK": 0, "JPY": 0, "KMF": 0, "KRW": 0, "PYG": 0,
        "RWF": 0, "UGX": 0, "UYI": 0, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0, "XPF": 0,
        "BHD": 3, "IQD": 3, "JOD": 3, "KWD": 3, "LYD": 3, "OMR": 3, "TND": 3,
        "CLF": 4, "UYW": 4,
    ]

    private static let symbols: [String: String] = [
        "EUR": "€", "USD": "$", "GBP": "£", "JPY": "¥", "CHF": "CHF", "AUD": "$", "CAD": "$", "NZD": "$",
        "SEK": "kr", "NOK": "kr", "DKK": "kr", "PLN": "zł", "CZK": "Kč", "HUF": "Ft", "INR": "₹",
        "BRL": "R$", "ZAR": "R", "KWD": "د.ك", "TRY": "₺", "RUB": "₽", "CNY": "¥", "KRW": "₩",
    ]
}

/// Powers of ten without floating point.
enum Decimal10 {
    static func power(_ exponent: Int) -> Int64 {
        var result: Int64 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}
