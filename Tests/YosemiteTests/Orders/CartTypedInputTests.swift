import POSFoundation
import Testing
import Yosemite

/// What a cashier types is read once for every front (the counter's prompts, `pos sell`, `pos cart
/// park`), and a whole cart given at once is built by the checkout's own edit rules.
struct CartTypedInputTests {
    private let german = DecimalSeparators.commaDecimalDotGrouping

    /// A discount typed in a euro store that writes 1.234,56 €.
    private func typed(_ text: String) throws -> Cart.Discount {
        try Cart.Discount(typed: text, currency: .eur, separators: german)
    }

    private func micros(_ value: Int64) -> PreciseAmount { PreciseAmount(micros: value) }

    @Test func discountTyped_readsMoneyTheStoresWayOrTheOtherCommonOne() throws {
        // Given / When / Then
        #expect(try typed("1,00") == .amount(micros(1_000_000)))
        #expect(try typed("1.00") == .amount(micros(1_000_000)))
        #expect(try typed("1.234,50") == .amount(micros(1_234_500_000)))
        #expect(try typed(" 12,5 % ") == .percent(micros(12_500_000)))
        #expect(try Cart.Discount(typed: "10%", currency: .eur, separators: .api) == .percent(micros(10_000_000)))
    }

    @Test func discountTyped_ambiguousTooPreciseZeroOrNegative_isRefused() {
        // Given / When / Then
        #expect(throws: TypedAmountError.ambiguous(text: "1.000")) { try typed("1.000") }
        #expect(throws: TypedAmountError.tooPrecise(text: "0,505", decimals: 2)) { try typed("0,505") }
        #expect(throws: TypedAmountError.self) { try typed("0") }
        #expect(throws: TypedAmountError.self) { try typed("-1%") }
        #expect(throws: TypedAmountError.self) { try typed("666666666666640.44%") }
    }

    @Test func couponCodeTyped_isTrimmedAndLowerCase() {
        // Given / When / Then
        #expect(Cart.couponCode(typed: " DEMO10 ") == "demo10")
        #expect(Cart.couponCode(typed: "  ") == nil)
    }

    @Test func itemArgument_lineDiscountInTheStoresTerms() {
        // Given / When / Then: either separator without the store; the store's rules with it
        #expect(Cart.Item(argument: "ESP:2@0,50")
            == Cart.Item(code: "ESP", quantity: 2, discount: .amount(micros(500_000))))
        #expect(Cart.Item(argument: "ESP@0,50", currency: .eur, separators: german)
            == Cart.Item(code: "ESP", discount: .amount(micros(500_000))))
        #expect(Cart.Item(argument: "ESP@1.000", currency: .eur, separators: german) == nil)
    }

    @Test func applyingEdits_mergesAsTheCountersScansDo() throws {
        // Given the items of `pos sell --item A --item B --item A --item A@10%`
        let a = Cart.Item(code: "A"), b = Cart.Item(code: "B")
        var discounted = a
        discounted.discount = .percent(micros(10_000_000))
        // When they are applied as the counter's scans are (one add each), then a cart discount and a coupon
        let cart = try Cart().applying([.add(a), .add(b), .add(a), .add(discounted),
                                        .cartDiscount(.amount(micros(1_000_000))), .coupon("demo10")])
        // Then the same code adds to its line; the discounted item is a line of its own
        #expect(cart.items == [Cart.Item(code: "A", quantity: 2), b, discounted])
        #expect(cart.orderDiscount == .amount(micros(1_000_000)))
        #expect(cart.couponCodes == ["demo10"])
    }

    @Test func applyingEdits_anEditTheCheckoutRefuses_throws() {
        // Given / When / Then: a line that is not there
        #expect(throws: CheckoutRefusal.self) { try Cart().applying([.removeLine(3)]) }
    }
}
