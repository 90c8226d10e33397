import Testing
@testable import Hardware

struct ReceiptBarcodeTests {
    @Test func init_ean13With12Digits_appendsCheckDigit() throws {
        // When
        let barcode = try ReceiptBarcode(.ean13, data: "400638133393")

        // Then
        #expect(barcode.data == "4006381333931")
    }

    @Test(arguments: ["4006381333931", "5901234123457", "0000000000000"])
    func init_ean13WithValidCheckDigit_isAccepted(data: String) throws {
        // When / Then
        #expect(try ReceiptBarcode(.ean13, data: data).data == data)
    }

    @Test(arguments: ["40063813339", "40063813339311", "40063813339a", "４００６３８１３３３９３"])
    func init_ean13WithWrongShape_throws(data: String) {
        // When / Then
        #expect(throws: ReceiptBarcodeError.invalidEAN13(data)) { try ReceiptBarcode(.ean13, data: data) }
    }

    @Test func init_code128TooLongOnceBracesAreEscaped_throws() {
        // Given 127 braces count as 254
        let data = String(repeating: "{", count: 127)

        // When / Then
        #expect(throws: ReceiptBarcodeError.invalidCode128(data)) { try ReceiptBarcode(.code128, data: data) }
    }

    @Test func init_code128WithControlCharacter_throws() {
        // When / Then
        #expect(throws: ReceiptBarcodeError.self) { try ReceiptBarcode(.code128, data: "A\u{1B}B") }
    }
}
