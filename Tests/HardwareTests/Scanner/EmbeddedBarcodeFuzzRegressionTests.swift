import Hardware
import Testing

/// Inputs found by `scripts/fuzz.sh FuzzLabel` that broke an invariant, kept as regression tests.
struct EmbeddedBarcodeFuzzRegressionTests {
    /// `weightNg` took any N: scanning a label of that prefix multiplied a value of up to nine digits by N and
    /// trapped on the overflow (the till crashed at the scan).
    @Test(arguments: ["28:IIIIIVVVVV:weight99999999999999g", "28:IVVVVVVVVV:weight1001g", "28:IIIIIVVVVV:weight10000000000g"])
    func settings_hugeWeightUnit_throwsInvalidLayout(text: String) {
        #expect { try EmbeddedBarcodeSettings(parsing: text) } throws: { error in
            (error as? EmbeddedBarcodeError)?.code == .invalidLayout
        }
    }

    @Test func settings_largestWeightUnit_readsNineDigitsWithoutTrapping() throws {
        // Given: 1 item digit, 9 value digits in units of 1 kg
        let settings = try EmbeddedBarcodeSettings(parsing: "28:IVVVVVVVVV:weight1000g")
        // When: 28 1 999999999, check digit
        let digits = [2, 8, 1] + [Int](repeating: 9, count: 9)
        let code = (digits + [GS1CheckDigit.standard(digits)]).map(String.init).joined()
        let read = try #require(try settings.parse(code))
        // Then
        #expect(read.value == .weight(grams: 999_999_999_000))
    }

    @Test func layout_weightUnitOutOfRange_namesTheRange() {
        #expect { try EmbeddedBarcodeLayout(prefixes: [28], pattern: "IIIIIVVVVV", content: .weight(gramsPerUnit: 5000)) } throws: {
            guard let error = $0 as? EmbeddedBarcodeError else { return false }
            return error.code == .invalidLayout && error.detail.contains("1000")
        }
    }
}
