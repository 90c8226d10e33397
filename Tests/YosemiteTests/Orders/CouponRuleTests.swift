import Foundation
import POSFoundation
import Testing
@testable import Yosemite

/// Coupon eligibility and validation rules that need no server.
struct CouponRuleTests {
    private let coffee = TotalsInput.Line(productId: 10, categoryIds: [5], quantity: 1, unitPrice: PreciseAmount(micros: 2_500_000))
    private let saleCake = TotalsInput.Line(productId: 20, categoryIds: [6], quantity: 1, unitPrice: PreciseAmount(micros: 3_000_000),
                                            onSale: true)
    private let shirt = TotalsInput.Line(productId: 30, variationId: 31, categoryIds: [7], quantity: 1,
                                         unitPrice: PreciseAmount(micros: 20_000_000))

    private func input(_ lines: [TotalsInput.Line]) -> TotalsInput {
        TotalsInput(lines: lines, decimals: 2, pricesIncludeTax: false, roundAtSubtotal: false,
                    taxes: TaxCalculator(rates: [], calculateTaxes: true, country: "DE"))
    }

    private func percent(_ code: String) -> CouponRule {
        CouponRule(code: code, kind: .percent, amount: PreciseAmount(micros: 10_000_000))
    }

    @Test func isValidForProduct_namedParentCategoryExcludedAndSale_followsWooCommerce() {
        var byParent = percent("a"); byParent.productIds = [30]
        var byCategory = percent("b"); byCategory.categoryIds = [5]
        var excluded = percent("c"); excluded.excludedCategoryIds = [7]
        var noSale = percent("d"); noSale.excludeSaleItems = true
        #expect(byParent.isValid(for: shirt) && !byParent.isValid(for: coffee))
        #expect(byCategory.isValid(for: coffee) && !byCategory.isValid(for: shirt))
        #expect(!excluded.isValid(for: shirt) && excluded.isValid(for: coffee))
        #expect(!noSale.isValid(for: saleCake) && noSale.isValid(for: coffee))
    }

    @Test func validate_individualUseWithAnother_isRefused() {
        var solo = percent("solo"); solo.individualUse = true
        let validator = CouponValidator(input: input([coffee]), now: Date(), currency: .eur)
        #expect(throws: OrderError.couponInvalid(code: "solo", reason: "it cannot be used with other coupons")) {
            try validator.validate([percent("other"), solo])
        }
    }

    @Test func validate_fixedCartWithSaleItemExcluded_isRefused_percentOnlyNeedsOneEligibleItem() throws {
        var cart = CouponRule(code: "cart", kind: .fixedCart, amount: PreciseAmount(micros: 1_000_000))
        cart.excludeSaleItems = true
        var product = percent("prod"); product.excludeSaleItems = true
        let validator = CouponValidator(input: input([coffee, saleCake]), now: Date(), currency: .eur)
        #expect(throws: OrderError.couponInvalid(code: "cart", reason: "it is not valid for sale items")) {
            try validator.validate([cart])
        }
        try validator.validate([product])
    }

    @Test func validate_usageLimitReachedOrMaximumSpend_isRefused() {
        var used = percent("used"); used.usageLimit = 5; used.usageCount = 5
        var small = percent("small"); small.maximumAmount = PreciseAmount(micros: 10_000_000)
        let validator = CouponValidator(input: input([shirt]), now: Date(), currency: .eur)
        #expect(throws: OrderError.couponInvalid(code: "used", reason: "its usage limit has been reached")) { try validator.validate([used]) }
        #expect(throws: OrderError.couponInvalid(code: "small", reason: "the maximum spend is €10.00")) { try validator.validate([small]) }
    }

    @Test func preciseAmount_roundsHalfUpAndHalfDownLikePHP() {
        let half = PreciseAmount(micros: 1_005_000)
        #expect(half.minorUnits(exponent: 2) == 101)
        #expect(half.minorUnits(exponent: 2, .halfDown) == 100)
        #expect(PreciseAmount(micros: -1_005_000).minorUnits(exponent: 2) == -101)
        #expect(PreciseAmount(decimalText: "19.0000")?.micros == 19_000_000)
        #expect(PreciseAmount(decimalText: "0.1234565")?.micros == 123_457)
        #expect(PreciseAmount(micros: 1_053_781).description == "1.053781")
    }
}
