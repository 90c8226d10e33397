import Hardware
import Testing

/// The GS1 check digits of restricted-circulation codes (GS1 General Specifications 7.9).
@Suite struct GS1CheckDigitTests {
    @Test(arguments: [
        ("400638133393", 1), ("950110153100", 0), ("280012301234", 2), ("210045601299", 7), ("000000000000", 0),
    ])
    func standard_knownCodes_giveTheirCheckDigit(body: String, expected: Int) {
        #expect(GS1CheckDigit.standard(body.compactMap(\.wholeNumberValue)) == expected)
    }

    @Test func priceVerifier_gs1Examples_giveTheirDigits() {
        // The worked examples of the GS1 General Specifications: "2875" → 9, "14685" → 6.
        #expect(GS1CheckDigit.priceVerifier([2, 8, 7, 5]) == 9)
        #expect(GS1CheckDigit.priceVerifier([1, 4, 6, 8, 5]) == 6)
    }

    @Test func priceVerifier_fourDigits_isUnitsOfThreeTimesWeightedSum() {
        // 0450: 2-(0)=0, 2-(4)=8, 3×5=15, 5-(0)=0 → 23 × 3 = 69 → 9.
        #expect(GS1CheckDigit.priceVerifier([0, 4, 5, 0]) == 9)
        // 1000: 2-(1)=2 → 6.
        #expect(GS1CheckDigit.priceVerifier([1, 0, 0, 0]) == 6)
        // 0009: 5-(9)=1 → 3.
        #expect(GS1CheckDigit.priceVerifier([0, 0, 0, 9]) == 3)
    }

    @Test func priceVerifier_fiveDigits_isInverseFiveMinusOfTheComplement() {
        // 01999: 5+(0)=0, 2-(1)=2, 5-(9)=1, 5+(9)=9, 2-(9)=7 → 19 → 1 → 5-(d)=1 → d=9.
        #expect(GS1CheckDigit.priceVerifier([0, 1, 9, 9, 9]) == 9)
        // 10000: 5+(1)=5 → 5 → 5-(1)=5 → 1.
        #expect(GS1CheckDigit.priceVerifier([1, 0, 0, 0, 0]) == 1)
        #expect(GS1CheckDigit.priceVerifier([0, 0, 0, 0, 0]) == 0)
    }

    @Test(arguments: [4, 5])
    func priceVerifier_anySingleDigitChange_changesTheVerifier(length: Int) {
        // The verifier depends on the digits only through the sum of their weighted products mod 10, and each
        // weighting factor is a permutation of 0–9: so at any one position the ten digits give ten different
        // verifiers, whatever the other digits are (checked here against several backgrounds), and every
        // single-digit misread is caught.
        let backgrounds = [[0, 0, 0, 0, 0], [9, 9, 9, 9, 9], [1, 4, 6, 8, 5], [2, 8, 7, 5, 3], [5, 0, 5, 0, 5]]
        for background in backgrounds.map({ Array($0.prefix(length)) }) {
            for position in 0..<length {
                let verifiers = Set((0...9).compactMap { digit -> Int? in
                    var digits = background
                    digits[position] = digit
                    return GS1CheckDigit.priceVerifier(digits)
                })
                #expect(verifiers.count == 10, "position \(position) of \(background)")
            }
        }
    }

    @Test(arguments: [[Int](), [1, 2, 3], [1, 2, 3, 4, 5, 6], [1, 2, 3, 10]])
    func priceVerifier_otherLengthsOrNonDigits_isNil(digits: [Int]) {
        #expect(GS1CheckDigit.priceVerifier(digits) == nil)
    }
}
