import Foundation
import POSFoundation

/// Conversions for WooCommerce's loosely typed JSON: numbers as strings, `false` or `""` for nothing.
enum Lenient {
    /// "yes"/"no", "true"/"false", "1"/"0" (any case); nil for anything else.
    static func bool(from text: String) -> Bool? {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "yes", "true", "1", "on": true
        case "no", "false", "0", "off", "": false
        default: nil
        }
    }

    /// A whole `Decimal` as an `Int64`, nil when it has a fraction or does not fit.
    static func int64(from number: Decimal) -> Int64? {
        guard !number.isNaN, number < Decimal(Int64.max), number > Decimal(Int64.min) else { return nil }
        let whole = NSDecimalNumber(decimal: number).int64Value
        return Decimal(whole) == number ? whole : nil
    }

    /// Text that parses as an integer ("12", " 12 ", "12.0"); nil otherwise.
    static func int64(from text: String) -> Int64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let value = Int64(trimmed) { return value }
        guard let decimal = try? ExactDecimal(parsing: trimmed), decimal.scale == 0 else { return nil }
        return decimal.significand
    }

    /// A `Decimal` read from JSON as an exact decimal (JSONDecoder keeps the number's digits).
    static func exactDecimal(from number: Decimal) -> ExactDecimal? {
        guard !number.isNaN else { return nil }
        return decimal(from: number.description)
    }

    /// Decimal text as an exact decimal; beyond ``ExactDecimal/maximumScale`` decimals (a unit price such
    /// as 7.5630252100840334 that WooCommerce computed as total ÷ quantity) it is rounded half up there.
    static func decimal(from text: String) -> ExactDecimal? {
        if let exact = try? ExactDecimal(parsing: text) { return exact }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let dot = trimmed.firstIndex(of: ".") else { return nil }
        var head = trimmed[..<dot]
        let negative = head.hasPrefix("-")
        if negative || head.hasPrefix("+") { head = head.dropFirst() }
        let fraction = trimmed[trimmed.index(after: dot)...]
        let scale = ExactDecimal.maximumScale
        guard fraction.count > scale, (head + fraction).allSatisfy({ $0.isASCII && $0.isNumber }),
            var significand = Int64(head + fraction.prefix(scale))
        else { return nil }
        if let next = fraction.dropFirst(scale).first, next >= "5" { significand += 1 }
        let rounded = ExactDecimal(significand: negative ? -significand : significand, scale: scale)
        return try? ExactDecimal(parsing: rounded.description)
    }
}
