import Localization

/// How one group of restricted-circulation prefixes (20–29) lays out the ten digits between the prefix and the
/// EAN-13 check digit: the item code (PLU), an optional price verifier digit, and the embedded weight or price.
///
/// The layout is written as a pattern of ten letters, `I` for an item-code digit, `C` for the price verifier
/// digit and `V` for a value digit, in that order:
///
/// | Pattern | Item code | Verifier | Value |
/// | --- | --- | --- | --- |
/// | `IIIIIVVVVV` | 5 digits | none | 5 digits |
/// | `IIIIIIVVVV` | 6 digits | none | 4 digits |
/// | `IIIIICVVVV` | 5 digits | over the 4 value digits | 4 digits |
/// | `IIIICVVVVV` | 4 digits | over the 5 value digits | 5 digits |
///
/// A verifier digit is only defined for a 4- or 5-digit value (``GS1CheckDigit/priceVerifier(_:)``).
public struct EmbeddedBarcodeLayout: Hashable, Sendable, CustomStringConvertible {
    /// What the value digits mean.
    public enum Content: Hashable, Sendable {
        /// A weight, in units of `grams` grams (1: the digits are grams, "01234" = 1.234 kg; 10: tens of grams).
        case weight(gramsPerUnit: Int)
        /// A price in the minor units of the store's currency ("01299" = 12.99 EUR).
        case price

        /// The weight in grams.
        public static let grams = Content.weight(gramsPerUnit: 1)
    }

    /// The two-digit prefixes (20…29) this layout applies to.
    public let prefixes: Set<Int>
    /// The number of item-code (PLU) digits after the prefix.
    public let itemDigits: Int
    /// Whether a price verifier digit sits between the item code and the value.
    public let hasVerifierDigit: Bool
    /// The number of value digits before the EAN-13 check digit.
    public let valueDigits: Int
    public let content: Content

    /// The ten digits between the prefix and the check digit.
    public static let bodyLength = 10
    /// The largest weight unit, in grams (`weight1000g`).
    public static let maximumGramsPerUnit = 1000

    /// A layout from its parts.
    ///
    /// - Throws: ``EmbeddedBarcodeError`` with code `.invalidLayout` when the parts do not make ten digits,
    ///   a prefix is outside 20…29, a verifier digit is asked for a value that is not 4 or 5 digits long,
    ///   or a weight unit is not 1–1000 g.
    public init(prefixes: Set<Int>, itemDigits: Int, hasVerifierDigit: Bool, valueDigits: Int, content: Content)
        throws(EmbeddedBarcodeError)
    {
        func invalid(_ why: String) -> EmbeddedBarcodeError { EmbeddedBarcodeError(.invalidLayout, detail: why) }
        guard !prefixes.isEmpty, prefixes.allSatisfy({ (20...29).contains($0) }) else {
            throw invalid(L10n.tr("error.label.layout.prefixRange"))
        }
        guard itemDigits >= 1, valueDigits >= 3 else { throw invalid(L10n.tr("error.label.layout.digits")) }
        guard itemDigits + (hasVerifierDigit ? 1 : 0) + valueDigits == Self.bodyLength else {
            throw invalid(L10n.tr("error.label.layout.length", ["length": String(Self.bodyLength)]))
        }
        guard !hasVerifierDigit || valueDigits == 4 || valueDigits == 5 else {
            throw invalid(L10n.tr("error.label.layout.verifier"))
        }
        // At most 1 kg a unit: a larger unit times a 9-digit value overflowed the weight (FuzzLabel).
        if case .weight(let grams) = content, !(1...Self.maximumGramsPerUnit).contains(grams) {
            throw invalid(L10n.tr("error.label.layout.weightUnit", ["maximum": String(Self.maximumGramsPerUnit)]))
        }
        self.prefixes = prefixes
        self.itemDigits = itemDigits
        self.hasVerifierDigit = hasVerifierDigit
        self.valueDigits = valueDigits
        self.content = content
    }

    /// A layout from a pattern such as `IIIIICVVVV` (see the table above).
    ///
    /// - Throws: ``EmbeddedBarcodeError`` with code `.invalidLayout`.
    public init(prefixes: Set<Int>, pattern: String, content: Content) throws(EmbeddedBarcodeError) {
        let letters = Array(pattern.uppercased())
        let items = letters.prefix(while: { $0 == "I" }).count
        let rest = letters.dropFirst(items)
        let verifier = rest.first == "C"
        let values = rest.dropFirst(verifier ? 1 : 0)
        guard letters.count == Self.bodyLength, values.allSatisfy({ $0 == "V" }) else {
            throw EmbeddedBarcodeError(.invalidLayout, detail: L10n.tr("error.label.layout.pattern", ["pattern": String(pattern)]))
        }
        try self.init(prefixes: prefixes, itemDigits: items, hasVerifierDigit: verifier, valueDigits: values.count,
                      content: content)
    }

    /// The ten-letter pattern, e.g. `IIIIICVVVV`.
    public var pattern: String {
        String(repeating: "I", count: itemDigits) + (hasVerifierDigit ? "C" : "") + String(repeating: "V", count: valueDigits)
    }

    /// "21-22:IIIIIVVVVV:price", the form ``EmbeddedBarcodeSettings/init(parsing:)`` reads.
    public var description: String {
        let kind: String
        switch content {
        case .price: kind = "price"
        case .weight(let grams): kind = grams == 1 ? "weight" : "weight\(grams)g"
        }
        return "\(Self.describe(prefixes)):\(pattern):\(kind)"
    }

    /// "20", "21-22" or "20,23": runs of consecutive prefixes joined by a dash.
    static func describe(_ prefixes: Set<Int>) -> String {
        var runs: [String] = []
        var sorted = prefixes.sorted()[...]
        while let first = sorted.first {
            var last = first
            sorted = sorted.dropFirst()
            while sorted.first == last + 1 {
                last += 1
                sorted = sorted.dropFirst()
            }
            runs.append(first == last ? "\(first)" : "\(first)-\(last)")
        }
        return runs.joined(separator: ",")
    }
}
