import Localization

/// The store's restricted-circulation barcode layouts: which prefixes (20–29) carry a weight or a price, and how.
///
/// Empty by default: a prefix no layout claims is an ordinary in-store code, looked up as it is. Written in
/// settings as entries separated by `;` (or new lines), each `PREFIXES:PATTERN:CONTENT`:
///
/// ```
/// 28-29:IIIIIVVVVV:weight; 21:IIIIICVVVV:price; 23:IIIIIVVVVV:weight10g
/// ```
///
/// `PREFIXES` is a prefix or a dash range, comma-separated (`20,23-24`); `PATTERN` is an
/// ``EmbeddedBarcodeLayout`` pattern; `CONTENT` is `price` (minor units of the store's currency), `weight`
/// (grams) or `weightNg` (units of N grams).
public struct EmbeddedBarcodeSettings: Hashable, Sendable, CustomStringConvertible {
    /// The layouts, each with its own prefixes (no prefix is claimed twice).
    public let layouts: [EmbeddedBarcodeLayout]

    /// No layouts: every code is looked up as it is.
    public static let none = EmbeddedBarcodeSettings(checked: [])

    private init(checked layouts: [EmbeddedBarcodeLayout]) {
        self.layouts = layouts
    }

    /// Settings from layouts.
    ///
    /// - Throws: ``EmbeddedBarcodeError`` with code `.overlappingLayouts` when two layouts claim a prefix.
    public init(layouts: [EmbeddedBarcodeLayout]) throws(EmbeddedBarcodeError) {
        var claimed: Set<Int> = []
        for layout in layouts {
            let twice = claimed.intersection(layout.prefixes)
            guard twice.isEmpty else {
                throw EmbeddedBarcodeError(.overlappingLayouts, detail: EmbeddedBarcodeLayout.describe(twice))
            }
            claimed.formUnion(layout.prefixes)
        }
        self.init(checked: layouts)
    }

    /// Settings from their written form (see above); empty text gives ``none``.
    ///
    /// - Throws: ``EmbeddedBarcodeError`` with code `.invalidLayout` naming the entry that is wrong, or
    ///   `.overlappingLayouts`.
    public init(parsing text: String) throws(EmbeddedBarcodeError) {
        let entries = text.split(whereSeparator: { $0 == ";" || $0 == "\n" })
            .map { $0.trimmingSpaces() }
            .filter { !$0.isEmpty }
        var layouts: [EmbeddedBarcodeLayout] = []
        for entry in entries {
            let parts = entry.split(separator: ":", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
            guard parts.count == 3 else {
                throw EmbeddedBarcodeError(.invalidLayout, detail: L10n.tr("error.label.settings.shape", ["entry": String(entry)]))
            }
            let prefixes = try Self.prefixes(parts[0], entry: entry)
            let content = try Self.content(parts[2], entry: entry)
            layouts.append(try EmbeddedBarcodeLayout(prefixes: prefixes, pattern: parts[1], content: content))
        }
        try self.init(layouts: layouts)
    }

    /// The layout that claims a prefix.
    public func layout(forPrefix prefix: Int) -> EmbeddedBarcodeLayout? {
        layouts.first { $0.prefixes.contains(prefix) }
    }

    public var description: String { layouts.map(\.description).joined(separator: "; ") }

    // MARK: - Parsing parts

    private static func prefixes(_ text: String, entry: String) throws(EmbeddedBarcodeError) -> Set<Int> {
        var result: Set<Int> = []
        for item in text.split(separator: ",") {
            let bounds = item.split(separator: "-").map { Int($0.trimmingSpaces()) }
            guard (1...2).contains(bounds.count), let low = bounds[0], let high = bounds.last ?? nil, low <= high,
                  (20...29).contains(low), (20...29).contains(high)
            else {
                throw EmbeddedBarcodeError(.invalidLayout, detail: L10n.tr("error.label.settings.prefixes", ["entry": String(entry)]))
            }
            result.formUnion(low...high)
        }
        guard !result.isEmpty else { throw EmbeddedBarcodeError(.invalidLayout, detail: L10n.tr("error.label.settings.noPrefix", ["entry": String(entry)])) }
        return result
    }

    private static func content(_ text: String, entry: String) throws(EmbeddedBarcodeError) -> EmbeddedBarcodeLayout.Content {
        let lowered = text.lowercased()
        if lowered == "price" { return .price }
        if lowered == "weight" { return .grams }
        if lowered.hasPrefix("weight"), lowered.hasSuffix("g"),
           let grams = Int(lowered.dropFirst("weight".count).dropLast()), grams >= 1 {
            return .weight(gramsPerUnit: grams)
        }
        throw EmbeddedBarcodeError(.invalidLayout, detail: L10n.tr("error.label.settings.content", ["entry": String(entry)]))
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}

// MARK: - Codable

extension EmbeddedBarcodeSettings: Codable {
    /// Stored as its written form, so a settings file reads as it is typed.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        try self.init(parsing: text)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
