import Foundation
import POSFoundation

/// Reading amounts that belong to an order, in the order's currency.
///
/// WooCommerce formats every order amount with the store's number of decimals, which may differ from ISO
/// (a EUR store set to 0 decimals sends "12"); the order's `total` text tells that exponent.
enum OrderAmounts {
    /// The currency an order's amounts are counted in: the decimals of `total` when it has a dot, else ISO.
    static func currency(code: String, totalText: String?) -> Currency {
        let code = code.isEmpty ? "XXX" : code
        guard let text = totalText?.trimmingCharacters(in: .whitespaces), let dot = text.firstIndex(of: ".") else {
            return Currency(code: code)
        }
        let decimals = text[text.index(after: dot)...].prefix(while: \.isNumber).count
        return Currency(code: code, exponent: decimals)
    }

    /// Parses an amount in a currency, rounding half up any digits beyond its exponent (as PHP's round).
    static func money(_ text: String, currency: Currency) throws(MoneyParseError) -> Money {
        try Money(parsing: text, currency: currency, rounding: .round(.halfUp))
    }
}

/// A value inside an order that needs the order's currency to decode (line items, fees, tax lines…).
protocol CurrencyScopedDecodable {
    init(from decoder: any Decoder, currency: Currency) throws
}

extension CodingUserInfoKey {
    /// The currency used when an order part is decoded on its own (outside an ``Order``).
    static let orderCurrency = CodingUserInfoKey(rawValue: "pos.orderCurrency")!
}

extension CurrencyScopedDecodable {
    /// Decodes the part alone, in the currency from `userInfo[.orderCurrency]`, or USD-style exponent 2.
    init(standaloneFrom decoder: any Decoder) throws {
        let currency = decoder.userInfo[.orderCurrency] as? Currency ?? Currency(code: "XXX", exponent: 2)
        try self.init(from: decoder, currency: currency)
    }
}

extension KeyedDecodingContainer {
    /// An amount in a currency; missing, null, `false` or `""` give zero.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when the value is present but is not an amount.
    func money(_ key: Key, in currency: Currency) throws -> Money {
        guard let text = try optionalMoneyText(key) else { return .zero(currency) }
        do {
            return try OrderAmounts.money(text, currency: currency)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "\"\(text)\" is not an amount: \(error)")
        }
    }

    /// An amount that may be absent (nil for missing, null, `false`, `""`).
    func optionalMoney(_ key: Key, in currency: Currency) throws -> Money? {
        guard try optionalMoneyText(key) != nil else { return nil }
        return try money(key, in: currency)
    }

    private func optionalMoneyText(_ key: Key) throws -> String? {
        guard !isEmptyMarker(key) else { return nil }
        if let text = try? decode(String.self, forKey: key) { return text }
        if let number = try? decode(Decimal.self, forKey: key) { return number.description }
        throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "expected an amount")
    }

    /// An array of order parts, each decoded in the order's currency.
    func scopedArray<T: CurrencyScopedDecodable>(_ key: Key, of type: T.Type, currency: Currency) throws -> [T] {
        guard !isEmptyMarker(key), var unkeyed = try? nestedUnkeyedContainer(forKey: key) else { return [] }
        var result: [T] = []
        while !unkeyed.isAtEnd {
            result.append(try T(from: unkeyed.superDecoder(), currency: currency))
        }
        return result
    }
}
