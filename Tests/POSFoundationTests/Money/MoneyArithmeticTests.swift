import POSFoundation
import POSFoundationTestSupport
import Testing

struct MoneyArithmeticTests {
    @Test func add_tenthsThatFloatsGetWrong_isExact() {
        // 0.1 + 0.2 is 0.30000000000000004 in binary floating point; money must be 0.30.
        #expect(Money.eur("0.1") + Money.eur("0.2") == Money.eur("0.30"))
    }

    @Test func subtractAndNegate_work() {
        #expect(Money.eur("5.00") - Money.eur("7.25") == Money.eur("-2.25"))
        #expect(-Money.eur("1.10") == Money.eur("-1.10"))
        #expect(Money.eur("-1.10").magnitude == Money.eur("1.10"))
    }

    @Test func multiplyByQuantity_scales() {
        #expect(Money.eur("12.50") * 3 == Money.eur("37.50"))
        #expect(2 * Money.eur("0.99") == Money.eur("1.98"))
    }

    @Test func multipliedByRatio_taxAt19Percent_roundsHalfUpOnce() {
        // 37.50 * 19 % = 7.125 → 7.13 (PHP round half up)
        #expect(Money.eur("37.50").multiplied(byRatio: 19, 100, rounding: .halfUp) == Money.eur("7.13"))
        #expect(Money.eur("37.50").multiplied(byRatio: 19, 100, rounding: .halfEven) == Money.eur("7.12"))
        #expect(Money.eur("-37.50").multiplied(byRatio: 19, 100, rounding: .halfUp) == Money.eur("-7.13"))
    }

    @Test func multipliedByRatio_hugeIntermediate_doesNotOverflow() {
        let big = Money(minorUnits: 9_000_000_000_000_000, currency: .eur)
        #expect(big.multiplied(byRatio: 1_000_000, 1_000_000, rounding: .halfUp) == big)
    }

    @Test func includedTax_extractedFromGross_matchesWooCommerce() {
        // Price 10.00 incl. 19 %: tax = 10.00 - 10.00 / 1.19 = 1.5966… → 1.60
        let gross = Money.eur("10.00")
        let net = gross.multiplied(byRatio: 100, 119, rounding: .halfUp)
        #expect(net == Money.eur("8.40"))
        #expect(gross - net == Money.eur("1.60"))
    }

    @Test func compare_sameCurrency_orders() {
        #expect(Money.eur("1.00") < Money.eur("1.01"))
        #expect([Money.eur("3"), Money.eur("1"), Money.eur("2")].sorted() == [Money.eur("1"), Money.eur("2"), Money.eur("3")])
    }

    @Test func rescale_toFewerDecimals_rounds() {
        let threeDecimals = Currency(code: "EUR", exponent: 3)
        let money = Money(minorUnits: 12_345, currency: threeDecimals)
        #expect(money.rescaled(to: .eur) == Money.eur("12.35"))
        #expect(Money.eur("1.50").rescaled(to: threeDecimals).minorUnits == 1500)
    }

    @Test func sum_emptyList_isZero() {
        #expect(Money.sum([], zero: .zero(.eur)) == .zero(.eur))
        #expect(Money.sum([Money.eur("1.25"), Money.eur("2.75")], zero: .zero(.eur)) == Money.eur("4.00"))
    }

    @Test func currency_exponents_followISO4217() {
        #expect(Currency.eur.exponent == 2)
        #expect(Currency.jpy.exponent == 0)
        #expect(Currency.kwd.exponent == 3)
        #expect(Currency(code: "xyz").exponent == 2)
        #expect(Currency(code: "eur").code == "EUR")
    }

    @Test func codable_roundTrips() throws {
        let money = Money.eur("12.34")
        let data = try JSONEncoder().encode(money)
        #expect(try JSONDecoder().decode(Money.self, from: data) == money)
    }
}

import Foundation
