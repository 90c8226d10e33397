import Localization

/// A one-dimensional barcode block, validated when it is made so that encoders never meet bad data.
///
/// ```swift
/// let ean = try ReceiptBarcode(.ean13, data: "400638133393")   // the check digit 1 is appended
/// let ref = try ReceiptBarcode(.code128, data: "R-2026-00042")
/// ```
public struct ReceiptBarcode: Hashable, Sendable {
    /// The longest Code 128 content accepted, counting each `{` twice (ESC/POS counts the length in one byte,
    /// selects the code set with `{B` and escapes a literal `{` as `{{`).
    public static let maximumCode128Length = 253

    /// The symbology.
    public let symbology: Symbology
    /// The content: 13 digits (check digit included) for EAN-13, printable ASCII for Code 128.
    public let data: String
    /// Where the barcode sits between the margins.
    public var alignment: ReceiptTextAlignment

    /// Creates a barcode, checking its content.
    ///
    /// - Parameters:
    ///   - symbology: EAN-13 or Code 128.
    ///   - data: For EAN-13, 12 digits (the check digit is computed) or 13 digits (the check digit is verified).
    ///     For Code 128, 1 to ``maximumCode128Length`` printable ASCII characters (a `{` counts twice).
    ///   - alignment: Where the barcode sits; centered by default.
    /// - Throws: ``ReceiptBarcodeError`` when the content does not fit the symbology.
    public init(
        _ symbology: Symbology,
        data: String,
        alignment: ReceiptTextAlignment = .center
    ) throws(ReceiptBarcodeError) {
        self.symbology = symbology
        self.alignment = alignment
        switch symbology {
        case .ean13:
            self.data = try Self.validatedEAN13(data)
        case .code128:
            self.data = try Self.validatedCode128(data)
        }
    }

    /// The barcode symbologies every ESC/POS printer supports natively.
    public enum Symbology: Hashable, Sendable {
        /// EAN-13 (a product number; also ISBN).
        case ean13
        /// Code 128, code set B (printable ASCII): order and receipt references.
        case code128
    }

    // MARK: - Validation

    private static func validatedEAN13(_ data: String) throws(ReceiptBarcodeError) -> String {
        let digits = data.unicodeScalars.compactMap { scalar -> Int? in
            guard scalar.isASCII, let digit = Int(String(scalar)) else { return nil }
            return digit
        }
        guard digits.count == data.unicodeScalars.count, digits.count == 12 || digits.count == 13 else {
            throw .invalidEAN13(data)
        }
        let check = ean13CheckDigit(digits.prefix(12))
        if digits.count == 13 {
            guard digits[12] == check else { throw .wrongCheckDigit(data, expected: check) }
            return data
        }
        return data + String(check)
    }

    /// The EAN-13 check digit of the first 12 digits: weights 1, 3, 1, 3… from the left, modulo 10.
    static func ean13CheckDigit(_ digits: ArraySlice<Int>) -> Int {
        var sum = 0
        for (index, digit) in digits.enumerated() {
            sum += index.isMultiple(of: 2) ? digit : digit * 3
        }
        return (10 - sum % 10) % 10
    }

    private static func validatedCode128(_ data: String) throws(ReceiptBarcodeError) -> String {
        let printable = data.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value <= 0x7E }
        let escapedLength = data.unicodeScalars.count + data.unicodeScalars.filter { $0 == "{" }.count
        guard printable, !data.isEmpty, escapedLength <= maximumCode128Length else {
            throw .invalidCode128(data)
        }
        return data
    }
}

/// Why a ``ReceiptBarcode`` could not be made.
public enum ReceiptBarcodeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// EAN-13 needs 12 or 13 digits and nothing else.
    case invalidEAN13(String)
    /// The 13th digit is not the check digit of the first 12.
    case wrongCheckDigit(String, expected: Int)
    /// Code 128 needs 1 to 253 printable ASCII characters (a `{` counts twice).
    case invalidCode128(String)

    public var description: String {
        switch self {
        case .invalidEAN13(let data):
            L10n.tr("error.barcode.ean13Digits", ["data": data])
        case .wrongCheckDigit(let data, let expected):
            L10n.tr("error.barcode.ean13CheckDigit", ["data": data, "expected": String(expected)])
        case .invalidCode128(let data):
            L10n.tr("error.barcode.code128", ["maximum": String(ReceiptBarcode.maximumCode128Length), "data": data])
        }
    }
}
