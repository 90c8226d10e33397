import POSFoundation

/// A scanned restricted-circulation EAN-13 (prefix 20–29) read with the store's layout: the item code (PLU) and
/// the weight or price printed into it by the scale or the labeller.
///
/// ```swift
/// let settings = try EmbeddedBarcodeSettings(parsing: "28-29:IIIIIVVVVV:weight")
/// if let embedded = try settings.parse("2800123012349") {      // nil: an ordinary code, look it up as it is
///     let product = try await embedded.resolve { key in try catalog.product(sku: key) }
///     let line = try embedded.priced(unitPrice: product.pricePerKilogram)   // 1.234 kg × 12.99 = 16.03
/// }
/// ```
public struct EmbeddedBarcode: Hashable, Sendable {
    /// What the value digits carried.
    public enum Value: Hashable, Sendable {
        /// A weight in grams.
        case weight(grams: Int)
        /// A price in minor units of the store's currency.
        case price(minorUnits: Int64)
    }

    /// The 13 digits as scanned.
    public let code: String
    /// The two-digit prefix (20…29).
    public let prefix: Int
    /// The item code (PLU) as printed, with its leading zeros.
    public let itemCode: String
    public let value: Value
    /// The layout that read it.
    public let layout: EmbeddedBarcodeLayout

    /// The keys to look the item up by, in order: the item code as printed ("01234"), without leading zeros
    /// ("1234"), and with its prefix ("2801234"). A store keeps the PLU in the product's SKU.
    public var lookupKeys: [String] {
        var keys = [itemCode]
        let stripped = String(itemCode.drop(while: { $0 == "0" }))
        if !stripped.isEmpty, stripped != itemCode { keys.append(stripped) }
        keys.append(String(prefix) + itemCode)
        return keys
    }

    /// Finds the catalog product for the item code, trying ``lookupKeys`` in order.
    ///
    /// - Parameter lookup: Finds a product by one key (e.g. by SKU); `nil` when none has it.
    /// - Returns: The first product found, or `nil` when the catalog has none of the keys.
    public func resolve<Product>(_ lookup: (String) async throws -> Product?) async rethrows -> Product? {
        for key in lookupKeys {
            if let product = try await lookup(key) { return product }
        }
        return nil
    }
}

// MARK: - Parsing

extension EmbeddedBarcodeSettings {
    /// Reads a scanned code with the layout its prefix names.
    ///
    /// - Returns: `nil` when the code is not 13 digits, not prefixed 20–29, or its prefix has no layout: it is
    ///   an ordinary code, to be looked up as it is.
    /// - Throws: ``EmbeddedBarcodeError`` with code `.wrongCheckDigit` (EAN-13 check digit),
    ///   `.wrongVerifierDigit` (price verifier digit) or `.zeroValue`; the scan must be repeated.
    public func parse(_ scanned: String) throws(EmbeddedBarcodeError) -> EmbeddedBarcode? {
        let code = scanned.trimmingSpaces()
        let digits = code.compactMap { $0.wholeNumberValue }
        guard code.count == 13, digits.count == 13, code.allSatisfy({ $0.isASCII }) else { return nil }
        let prefix = digits[0] * 10 + digits[1]
        guard let layout = layout(forPrefix: prefix) else { return nil }
        guard GS1CheckDigit.standard(Array(digits[0..<12])) == digits[12] else {
            throw EmbeddedBarcodeError(.wrongCheckDigit, detail: code)
        }
        let body = Array(digits[2..<12])
        let item = body.prefix(layout.itemDigits)
        let valueDigits = Array(body.suffix(layout.valueDigits))
        if layout.hasVerifierDigit {
            let verifier = body[layout.itemDigits]
            guard GS1CheckDigit.priceVerifier(valueDigits) == verifier else {
                throw EmbeddedBarcodeError(.wrongVerifierDigit, detail: code)
            }
        }
        let number = valueDigits.reduce(Int64(0)) { $0 * 10 + Int64($1) }
        guard number > 0 else { throw EmbeddedBarcodeError(.zeroValue, detail: code) }
        let value: EmbeddedBarcode.Value
        switch layout.content {
        case .price: value = .price(minorUnits: number)
        case .weight(let gramsPerUnit): value = .weight(grams: Int(number) * gramsPerUnit)
        }
        return EmbeddedBarcode(code: code, prefix: prefix, itemCode: item.map(String.init).joined(), value: value,
                               layout: layout)
    }
}
