/// Packed binary-coded decimal: two decimal digits per byte, the high nibble first.
///
/// ZVT writes amounts, trace and receipt numbers, dates and the currency code this way
/// (12.50 as the 6-byte amount `00 00 00 00 12 50`).
public enum BCD {
    /// Encodes a non-negative number into exactly `byteCount` bytes, or `nil` if it does not fit.
    public static func encode(_ value: UInt64, byteCount: Int) -> [UInt8]? {
        guard byteCount > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: byteCount)
        var rest = value
        for index in stride(from: byteCount - 1, through: 0, by: -1) {
            let low = UInt8(rest % 10)
            rest /= 10
            let high = UInt8(rest % 10)
            rest /= 10
            bytes[index] = high << 4 | low
        }
        return rest == 0 ? bytes : nil
    }

    /// Decodes packed BCD into a number, or `nil` if a nibble is not a decimal digit or it overflows.
    public static func decode(_ bytes: some Sequence<UInt8>) -> UInt64? {
        var value: UInt64 = 0
        for byte in bytes {
            for nibble in [byte >> 4, byte & 0x0F] {
                guard nibble <= 9 else { return nil }
                let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times.addingReportingOverflow(UInt64(nibble))
                guard !overflow1, !overflow2 else { return nil }
                value = sum
            }
        }
        return value
    }

    /// The digits of packed BCD as text ("000470"), or `nil` if a nibble is not a decimal digit.
    public static func digits(_ bytes: some Sequence<UInt8>) -> String? {
        var text = ""
        for byte in bytes {
            for nibble in [byte >> 4, byte & 0x0F] {
                guard nibble <= 9 else { return nil }
                text.append(Character(Unicode.Scalar(0x30 + nibble)))
            }
        }
        return text
    }

    /// Encodes a string of decimal digits (even count) into packed BCD, or `nil` for other characters.
    public static func encode(digits: String) -> [UInt8]? {
        let values = digits.unicodeScalars.map { $0.value }
        guard values.count.isMultiple(of: 2), values.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return stride(from: 0, to: values.count, by: 2).map { index in
            UInt8(values[index] - 0x30) << 4 | UInt8(values[index + 1] - 0x30)
        }
    }
}
