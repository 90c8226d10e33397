import POSFoundation
import Testing
import Yosemite

/// Typed and server amounts that `scripts/fuzz.sh FuzzInput` found crashing, and the typed-argument parsers it
/// fuzzes.
struct TypedInputFuzzRegressionTests {
    /// `--discount 666666666666640.44` (or a store price that large) overflowed Int64 micros and trapped.
    @Test func preciseAmount_decimalTextBeyondInt64Micros_isNil() {
        // Given
        let texts = ["666666666666640.44", "9223372036855", "-9223372036855", "9223372036854.775808"]
        // When
        let parsed = texts.map { PreciseAmount(decimalText: $0) }
        // Then
        #expect(parsed.allSatisfy { $0 == nil })
    }

    @Test func preciseAmount_decimalTextAtInt64Micros_parses() {
        // Given / When
        let largest = PreciseAmount(decimalText: "9223372036854.775807")
        // Then
        #expect(largest?.micros == Int64.max)
    }

    @Test func discountArgument_hugeAmount_isRejected() {
        // Given / When / Then
        #expect(Cart.Discount(argument: "666666666666640.44") == nil)
        #expect(Cart.Discount(argument: "666666666666640.44%") == nil)
    }

    @Test func discountArgument_percentAndAmount_parse() {
        // Given / When / Then
        #expect(Cart.Discount(argument: " 12.5% ") == .percent(PreciseAmount(micros: 12_500_000)))
        #expect(Cart.Discount(argument: "2.50") == .amount(PreciseAmount(micros: 2_500_000)))
        #expect(Cart.Discount(argument: "0") == nil)
        #expect(Cart.Discount(argument: "-1%") == nil)
    }

    @Test func itemArgument_codeAndQuantity_parse() {
        // Given / When / Then
        #expect(Cart.Item(argument: "4006381333931:2") == Cart.Item(code: "4006381333931", quantity: 2))
        #expect(Cart.Item(argument: "ESP") == Cart.Item(code: "ESP", quantity: 1))
        #expect(Cart.Item(argument: "A:B") == Cart.Item(code: "A:B", quantity: 1))
        #expect(Cart.Item(argument: "X::3") == Cart.Item(code: "X:", quantity: 3))
    }

    /// Found by FuzzInput: U+0600 (a prepended mark) joins the following colon into one character, so the
    /// quantity of `X\u{600}:3` was lost and the whole text read as the code.
    @Test func itemArgument_codeEndingInPrependedMark_keepsQuantity() {
        // Given / When
        let item = Cart.Item(argument: "X\u{600}:3")
        // Then
        #expect(item == Cart.Item(code: "X\u{600}", quantity: 3))
    }

    @Test func itemArgument_noCodeOrQuantityBelowOne_isNil() {
        // Given / When / Then
        #expect(Cart.Item(argument: ":3") == nil)
        #expect(Cart.Item(argument: "ESP:0") == nil)
        #expect(Cart.Item(argument: "ESP:-2") == nil)
        #expect(Cart.Item(argument: "") == nil)
    }

    @Test func itemArgument_aQuantityTypedWrong_isNilNotPartOfTheCode() {
        // Given / When / Then: a suffix that starts like a number was meant as the quantity
        #expect(Cart.Item(argument: "ESP:1.5") == nil)
        #expect(Cart.Item(argument: "ESP:-1.5") == nil)
        #expect(Cart.Item(argument: "ESP:2x") == nil)
        #expect(Cart.Item(argument: "ESP:.5") == nil)
        // a letter after the colon is still part of a code such as `A:B`
        #expect(Cart.Item(argument: "A:B") == Cart.Item(code: "A:B", quantity: 1))
    }
}
