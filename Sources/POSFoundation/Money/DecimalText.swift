/// Parsing and formatting of decimal text, shared by ``Money`` and ``ExactDecimal``. No floating point.
enum DecimalText {
    struct Parsed {
        var negative: Bool
        var integer: String
        var fraction: String
    }

    /// Splits "-1,234.50" into sign, integer digits and fraction digits, validating the grouping.
    static func parse(_ text: String, separators: DecimalSeparators) throws(MoneyParseError) -> Parsed {
        var body = Substring(text.trimmingWhitespace())
        guard !body.isEmpty else { throw MoneyParseError.empty }
        var negative = false
        if body.first == "-" || body.first == "+" || body.first == "\u{2212}" {
            negative = body.first != "+"
            body = body.dropFirst()
        }
        guard !body.isEmpty else { throw MoneyParseError.notANumber(text: text) }

        let parts = body.split(separator: separators.decimal, maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count <= 2 else { throw MoneyParseError.notANumber(text: text) }
        let integerPart = parts[0]
        let fractionPart = parts.count == 2 ? parts[1] : ""
        guard !(integerPart.isEmpty && fractionPart.isEmpty) else { throw MoneyParseError.notANumber(text: text) }
        guard fractionPart.allSatisfy(\.isASCIIDigit) else { throw MoneyParseError.notANumber(text: text) }

        var integerDigits = ""
        if let grouping = separators.grouping, integerPart.contains(grouping) {
            let groups = integerPart.split(separator: grouping, omittingEmptySubsequences: false)
            guard let first = groups.first, (1...3).contains(first.count),
                groups.dropFirst().allSatisfy({ $0.count == 3 })
            else { throw MoneyParseError.misplacedGrouping(text: text) }
            integerDigits = groups.joined()
        } else {
            integerDigits = String(integerPart)
        }
        guard integerDigits.allSatisfy(\.isASCIIDigit) else { throw MoneyParseError.notANumber(text: text) }
        // Strip leading zeros but keep the value.
        let trimmed = integerDigits.drop(while: { $0 == "0" })
        return Parsed(negative: negative, integer: String(trimmed), fraction: String(fractionPart))
    }

    /// A non-negative integer from ASCII digits, or an overflow error.
    static func integer(from digits: String, text: String) throws(MoneyParseError) -> Int64 {
        var value: Int64 = 0
        for character in digits.utf8 {
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = shifted.addingReportingOverflow(Int64(character - 48))
            guard !overflow1, !overflow2 else { throw MoneyParseError.outOfRange(text: text) }
            value = sum
        }
        return value
    }

    /// Formats an integer scaled by 10^exponent: (123450, 2) → "1234.50" or "1,234.50".
    static func format(
        _ value: Int64,
        exponent: Int,
        decimalSeparator: String,
        groupingSeparator: String?
    ) -> String {
        let negative = value < 0
        var digits = String(value.magnitude)
        if digits.count <= exponent {
            digits = String(repeating: "0", count: exponent - digits.count + 1) + digits
        }
        let split = digits.index(digits.endIndex, offsetBy: -exponent)
        var integer = String(digits[..<split])
        let fraction = String(digits[split...])
        if let groupingSeparator, !groupingSeparator.isEmpty, integer.count > 3 {
            var grouped: [Substring] = []
            var end = integer.endIndex
            while end > integer.startIndex {
                let start = integer.index(end, offsetBy: -3, limitedBy: integer.startIndex) ?? integer.startIndex
                grouped.insert(integer[start..<end], at: 0)
                end = start
            }
            integer = grouped.joined(separator: groupingSeparator)
        }
        let sign = negative ? "-" : ""
        return exponent == 0 ? sign + integer : sign + integer + decimalSeparator + fraction
    }
}

extension Character {
    /// One of the ASCII digits `0`–`9` alone: a digit carrying a combining mark (`0\u{35F}`) is a different
    /// character, though it sorts between "0" and "9".
    var isASCIIDigit: Bool { asciiValue.map { (0x30...0x39).contains($0) } ?? false }
}

extension String {
    func trimmingWhitespace() -> Substring {
        let isSpace: (Character) -> Bool = { $0.isWhitespace }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return self[first...last]
    }
}
