/// The GS1 check digits a restricted-circulation EAN-13 carries: the EAN-13 check digit over the whole code, and
/// the price (or measure) verifier digit over a 4- or 5-digit price or weight field.
///
/// The verifier algorithms (GS1 General Specifications, section 7.9) weight each digit with one of four factors,
/// each a small table over the digits 0–9:
///
/// | Factor | Rule | 0 1 2 3 4 5 6 7 8 9 |
/// | --- | --- | --- |
/// | 2- | ×2, units minus tens | 0 2 4 6 8 9 1 3 5 7 |
/// | 3 | ×3, units | 0 3 6 9 2 5 8 1 4 7 |
/// | 5+ | ×5, units plus tens | 0 5 1 6 2 7 3 8 4 9 |
/// | 5- | ×5, units minus tens | 0 5 9 4 8 3 7 2 6 1 |
///
/// - 4 digits: weights 2-, 2-, 3, 5-; the check digit is the units digit of 3 × the sum ("2875" → 9).
/// - 5 digits: weights 5+, 2-, 5-, 5+, 2-; take 10 − (sum mod 10) (0 for 10), then the check digit is the digit
///   whose 5- product equals it ("14685" → 6).
public enum GS1CheckDigit {
    /// The 2- products of the digits 0–9.
    static let twoMinus: [Int] = [0, 2, 4, 6, 8, 9, 1, 3, 5, 7]
    /// The 3 products (units) of the digits 0–9.
    static let three: [Int] = [0, 3, 6, 9, 2, 5, 8, 1, 4, 7]
    /// The 5+ products of the digits 0–9.
    static let fivePlus: [Int] = [0, 5, 1, 6, 2, 7, 3, 8, 4, 9]
    /// The 5- products of the digits 0–9.
    static let fiveMinus: [Int] = [0, 5, 9, 4, 8, 3, 7, 2, 6, 1]

    /// The standard GS1 (mod 10, weights 3 and 1 from the right) check digit of the digits before it.
    ///
    /// For an EAN-13 pass its first 12 digits.
    public static func standard(_ digits: [Int]) -> Int {
        var sum = 0
        for (offset, digit) in digits.reversed().enumerated() {
            sum += digit * (offset.isMultiple(of: 2) ? 3 : 1)
        }
        return (10 - sum % 10) % 10
    }

    /// The price/weight verifier digit of a 4- or 5-digit field; `nil` for any other length.
    public static func priceVerifier(_ digits: [Int]) -> Int? {
        guard digits.allSatisfy({ (0...9).contains($0) }) else { return nil }
        switch digits.count {
        case 4:
            let sum = twoMinus[digits[0]] + twoMinus[digits[1]] + three[digits[2]] + fiveMinus[digits[3]]
            return (sum * 3) % 10
        case 5:
            let sum = fivePlus[digits[0]] + twoMinus[digits[1]] + fiveMinus[digits[2]] + fivePlus[digits[3]]
                + twoMinus[digits[4]]
            let target = (10 - sum % 10) % 10
            return fiveMinus.firstIndex(of: target)
        default:
            return nil
        }
    }
}
