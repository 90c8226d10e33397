import POSFoundation

/// Encoders and decoders for the value formats of ZVT fields: BCD amounts and numbers, currency codes,
/// dates, ASCII and CP437 text.
///
/// Related spec: ZVT PA00P015 chapter 9 "Bitmaps"; reference/zvt.md "BMP field table".
public enum ZVTFieldCoding {
    /// The largest amount BMP 04 can carry: twelve BCD digits of minor units.
    public static let maximumAmountMinorUnits: Int64 = 999_999_999_999

    // MARK: - Amount (BMP 04)

    /// The 6-byte BCD amount for `money`, counted in the currency's ISO 4217 minor units (12.50 EUR → `00 00 00 00 12 50`).
    ///
    /// - Throws: ``ZVTProtocolError/valueOutOfRange(field:)`` for a negative or too large amount, or one with
    ///   more decimals than ISO 4217 allows for its currency.
    public static func amount(_ money: Money) throws(ZVTProtocolError) -> [UInt8] {
        let iso = Currency(code: money.currency.code)
        let scaled = money.rescaled(to: iso)
        guard scaled.rescaled(to: money.currency) == money else { throw .valueOutOfRange(field: "amount decimals") }
        return try amount(minorUnits: scaled.minorUnits)
    }

    /// The 6-byte BCD amount for a number of minor units.
    public static func amount(minorUnits: Int64) throws(ZVTProtocolError) -> [UInt8] {
        guard minorUnits >= 0, minorUnits <= maximumAmountMinorUnits,
              let bytes = BCD.encode(UInt64(minorUnits), byteCount: 6)
        else { throw .valueOutOfRange(field: "amount") }
        return bytes
    }

    /// The minor units of a 6-byte BCD amount.
    public static func minorUnits(amount bytes: [UInt8]) throws(ZVTProtocolError) -> Int64 {
        guard bytes.count == 6, let value = BCD.decode(bytes) else { throw .invalidBCD(field: "amount") }
        return Int64(value)
    }

    // MARK: - Currency (BMP 49)

    /// The 2-byte BCD ISO 4217 numeric code for a currency (EUR → `09 78`), or `nil` for one the table lacks.
    public static func currencyCode(_ currency: Currency) -> [UInt8]? {
        guard let number = numericCodes[currency.code] else { return nil }
        return BCD.encode(UInt64(number), byteCount: 2)
    }

    /// The currency for a 2-byte BCD ISO 4217 numeric code, with its ISO exponent, or `nil` if unknown.
    public static func currency(code bytes: [UInt8]) -> Currency? {
        guard bytes.count == 2, let number = BCD.decode(bytes),
              let alpha = numericCodes.first(where: { $0.value == Int(number) })?.key
        else { return nil }
        return Currency(code: alpha)
    }

    private static let numericCodes: [String: Int] = [
        "EUR": 978, "USD": 840, "GBP": 826, "CHF": 756, "JPY": 392, "DKK": 208, "SEK": 752, "NOK": 578,
        "PLN": 985, "CZK": 203, "HUF": 348, "RON": 946, "BGN": 975, "ISK": 352, "TRY": 949, "CAD": 124,
        "AUD": 36, "NZD": 554, "CNY": 156, "KWD": 414, "BHD": 48, "HRK": 191,
    ]

    // MARK: - Numbers and text

    /// A BCD number field as an `Int` (trace, receipt, TID digits), or `nil` if not BCD.
    public static func number(_ bytes: [UInt8]) -> Int? {
        BCD.decode(bytes).flatMap { Int(exactly: $0) }
    }

    /// ASCII text with NUL padding and trailing spaces removed (BMP 2A, 3B, 8B); bytes above `7F` read as `?`
    /// and control bytes as spaces, so that a card name cannot carry an escape sequence to a console or printer.
    public static func asciiText(_ bytes: [UInt8]) -> String {
        let trimmed = bytes.prefix { $0 != 0 }
        let text = String(decoding: trimmed.map { $0 >= 0x80 ? 0x3F : $0 < 0x20 || $0 == 0x7F ? 0x20 : $0 }, as: UTF8.self)
        return String(text.reversed().drop { $0 == " " }.reversed())
    }

    /// Text in code page 437, the terminals' default print character set.
    ///
    /// Control bytes (`01`–`1F`, `7F`) become spaces and `00` is dropped: a terminal's text reaches the cashier's
    /// console and the printer, where an `ESC` or a line break from a broken or hostile terminal must not act.
    public static func cp437Text(_ bytes: [UInt8]) -> String {
        var text = ""
        for byte in bytes where byte != 0 {
            if byte < 0x20 || byte == 0x7F {
                text.unicodeScalars.append(" ")
            } else if byte < 0x80 {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text.unicodeScalars.append(cp437High[Int(byte - 0x80)])
            }
        }
        return text
    }

    private static let cp437High: [Unicode.Scalar] = Array(
        ("ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀"
            + "αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u{00A0}").unicodeScalars
    )

    // MARK: - Date and time (BMP 0C, 0D, AA)

    /// The timestamp from BMP 0C (HHMMSS), 0D (MMDD) and AA (YYMMDD) in a field list; `nil` if none is present.
    public static func timestamp(in fields: ZVTFieldList) -> TerminalTimestamp? {
        var stamp = TerminalTimestamp()
        var found = false
        if let time = fields.bytes(.time).flatMap(BCD.digits), time.count == 6 {
            stamp.hour = Int(time.prefix(2))
            stamp.minute = Int(time.dropFirst(2).prefix(2))
            stamp.second = Int(time.suffix(2))
            found = true
        }
        if let date = fields.bytes(.longDate).flatMap(BCD.digits), date.count == 6 {
            stamp.year = Int(date.prefix(2)).map { 2000 + $0 }
            stamp.month = Int(date.dropFirst(2).prefix(2))
            stamp.day = Int(date.suffix(2))
            found = true
        } else if let date = fields.bytes(.date).flatMap(BCD.digits), date.count == 4 {
            stamp.month = Int(date.prefix(2))
            stamp.day = Int(date.suffix(2))
            found = true
        }
        return found ? stamp : nil
    }
}
