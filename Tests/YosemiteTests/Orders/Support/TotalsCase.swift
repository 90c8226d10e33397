import POSFoundation

/// One row of the totals table: a store's tax settings, its rates and products, a cart, maybe a coupon.
struct TotalsCase: Sendable, CustomTestStringConvertibleCase {
    struct Rate: Sendable {
        var rate: String
        var name: String
        var taxClass = "standard"
        var priority: Int64 = 1
        var compound = false
    }

    struct Product: Sendable {
        var sku: String
        var price: String
        var taxClass = ""
    }

    struct Coupon: Sendable {
        var code: String
        var type: String
        var amount: String
        /// Limit the coupon to the first product.
        var firstProductOnly = false
    }

    var name: String
    var currency = Currency.eur
    var pricesIncludeTax = false
    var roundAtSubtotal = false
    var rates: [Rate]
    var products: [Product]
    /// (sku, quantity) per line.
    var items: [(String, Int)]
    var coupon: Coupon?
    var fee: (name: String, amount: String, taxable: Bool)?
    /// A whole-order manual discount in percent.
    var orderDiscountPercent: String?
    /// Per-line manual discounts by line index, as typed ("10%", "0.50").
    var lineDiscounts: [Int: String] = [:]

    /// Whether the cart carries a manual discount (the server cannot price those lines from its catalog alone).
    var hasManualDiscount: Bool { orderDiscountPercent != nil || !lineDiscounts.isEmpty }

    var testDescription: String { name }
}

/// Lets a case name itself in the test report.
protocol CustomTestStringConvertibleCase: CustomStringConvertible {
    var testDescription: String { get }
}

extension CustomTestStringConvertibleCase {
    var description: String { testDescription }
}

extension TotalsCase {
    static let vat19 = Rate(rate: "19.0000", name: "VAT")
    static let reduced7 = Rate(rate: "7.0000", name: "VAT reduced", taxClass: "reduced-rate")
    static let state10 = Rate(rate: "10.0000", name: "State")
    static let compound5 = Rate(rate: "5.0000", name: "Compound", priority: 2, compound: true)
    static let county3 = Rate(rate: "3.0000", name: "County", priority: 2)
    static let compound2 = Rate(rate: "2.0000", name: "Compound 2", priority: 3, compound: true)

    static let all: [TotalsCase] = [
        TotalsCase(name: "exclusive, one rate per class", rates: [vat19, reduced7],
                   products: [.init(sku: "A", price: "10.00"), .init(sku: "B", price: "0.25", taxClass: "reduced-rate")],
                   items: [("A", 3), ("B", 10)]),
        TotalsCase(name: "inclusive, one rate", pricesIncludeTax: true, rates: [vat19],
                   products: [.init(sku: "A", price: "1.85"), .init(sku: "B", price: "2.99")], items: [("A", 3), ("B", 7)]),
        TotalsCase(name: "exclusive, several rates", rates: [state10, county3],
                   products: [.init(sku: "A", price: "9.99"), .init(sku: "B", price: "0.33")], items: [("A", 3), ("B", 1)]),
        TotalsCase(name: "exclusive, compound", rates: [state10, compound5],
                   products: [.init(sku: "A", price: "19.99"), .init(sku: "B", price: "3.33")], items: [("A", 2), ("B", 1)]),
        TotalsCase(name: "inclusive, compound", pricesIncludeTax: true, rates: [state10, compound5],
                   products: [.init(sku: "A", price: "19.99"), .init(sku: "B", price: "3.33")], items: [("A", 2), ("B", 1)]),
        TotalsCase(name: "exclusive, round at subtotal", roundAtSubtotal: true, rates: [reduced7],
                   products: [.init(sku: "B", price: "0.25", taxClass: "reduced-rate")], items: [("B", 1), ("B", 1), ("B", 1)]),
        TotalsCase(name: "exclusive, round per line", rates: [reduced7],
                   products: [.init(sku: "B", price: "0.25", taxClass: "reduced-rate")], items: [("B", 1), ("B", 1), ("B", 1)]),
        TotalsCase(name: "inclusive, round at subtotal", pricesIncludeTax: true, roundAtSubtotal: true, rates: [vat19],
                   products: [.init(sku: "A", price: "0.99"), .init(sku: "B", price: "1.15")],
                   items: [("A", 1), ("A", 1), ("B", 1), ("B", 2)]),
        TotalsCase(name: "0 decimals, exclusive, percent coupon", currency: Currency(code: "JPY", exponent: 0),
                   rates: [state10], products: [.init(sku: "A", price: "1234"), .init(sku: "B", price: "999")],
                   items: [("A", 3), ("B", 1)], coupon: .init(code: "jp15", type: "percent", amount: "15")),
        TotalsCase(name: "0 decimals, inclusive, fixed_cart coupon", currency: Currency(code: "JPY", exponent: 0),
                   pricesIncludeTax: true, rates: [state10],
                   products: [.init(sku: "A", price: "1100"), .init(sku: "B", price: "333")], items: [("A", 1), ("B", 2)],
                   coupon: .init(code: "jp100", type: "fixed_cart", amount: "100")),
        TotalsCase(name: "exclusive, percent coupon with remainder", rates: [vat19],
                   products: [.init(sku: "A", price: "3.33"), .init(sku: "B", price: "1.01")], items: [("A", 3), ("B", 2)],
                   coupon: .init(code: "p125", type: "percent", amount: "12.5")),
        TotalsCase(name: "exclusive, fixed_cart coupon split per unit", rates: [vat19, reduced7],
                   products: [.init(sku: "A", price: "3.33"), .init(sku: "B", price: "1.01", taxClass: "reduced-rate")],
                   items: [("A", 3), ("B", 2)], coupon: .init(code: "c103", type: "fixed_cart", amount: "1.03")),
        TotalsCase(name: "exclusive, fixed_product coupon", rates: [vat19],
                   products: [.init(sku: "A", price: "3.33"), .init(sku: "B", price: "0.40")], items: [("A", 3), ("B", 2)],
                   coupon: .init(code: "fp50", type: "fixed_product", amount: "0.50")),
        TotalsCase(name: "inclusive, percent coupon", pricesIncludeTax: true, rates: [vat19],
                   products: [.init(sku: "A", price: "1.85"), .init(sku: "B", price: "2.99")], items: [("A", 3), ("B", 1)],
                   coupon: .init(code: "ten", type: "percent", amount: "10")),
        TotalsCase(name: "inclusive, compound, fixed_cart coupon", pricesIncludeTax: true, rates: [state10, compound5],
                   products: [.init(sku: "A", price: "19.99"), .init(sku: "B", price: "3.33")], items: [("A", 2), ("B", 1)],
                   coupon: .init(code: "five", type: "fixed_cart", amount: "5.00")),
        TotalsCase(name: "inclusive, fixed_product coupon", pricesIncludeTax: true, rates: [vat19],
                   products: [.init(sku: "A", price: "1.85")], items: [("A", 4)],
                   coupon: .init(code: "off20", type: "fixed_product", amount: "0.20")),
        TotalsCase(name: "exclusive, taxable fee", rates: [vat19], products: [.init(sku: "A", price: "10.00")],
                   items: [("A", 1)], fee: (name: "Service", amount: "2.55", taxable: true)),
        TotalsCase(name: "exclusive, order discount 10 %", rates: [vat19, reduced7],
                   products: [.init(sku: "A", price: "3.33"), .init(sku: "B", price: "1.01", taxClass: "reduced-rate")],
                   items: [("A", 3), ("B", 2)], orderDiscountPercent: "10"),
        TotalsCase(name: "inclusive, order discount 15 %", pricesIncludeTax: true, rates: [vat19],
                   products: [.init(sku: "A", price: "1.85"), .init(sku: "B", price: "2.99")], items: [("A", 3), ("B", 1)],
                   orderDiscountPercent: "15"),
        TotalsCase(name: "exclusive, line discount 10 %", rates: [vat19, reduced7],
                   products: [.init(sku: "A", price: "3.33"), .init(sku: "B", price: "1.01", taxClass: "reduced-rate")],
                   items: [("A", 3), ("B", 2)], lineDiscounts: [0: "10%"]),
        TotalsCase(name: "exclusive, line discount amount", rates: [vat19],
                   products: [.init(sku: "A", price: "9.99"), .init(sku: "B", price: "0.33")], items: [("A", 1), ("B", 7)],
                   lineDiscounts: [1: "0.25"]),
        TotalsCase(name: "inclusive, line discount 12.5 %", pricesIncludeTax: true, rates: [vat19],
                   products: [.init(sku: "A", price: "1.85"), .init(sku: "B", price: "2.99")], items: [("A", 3), ("B", 1)],
                   lineDiscounts: [0: "12.5%"]),
        TotalsCase(name: "inclusive, line discount amount on each line", pricesIncludeTax: true, rates: [vat19, reduced7],
                   products: [.init(sku: "A", price: "2.20"), .init(sku: "B", price: "1.80", taxClass: "reduced-rate")],
                   items: [("A", 2), ("B", 3)], lineDiscounts: [0: "0.50", 1: "0.33"]),
        TotalsCase(name: "inclusive, round at subtotal, line and order discount", pricesIncludeTax: true,
                   roundAtSubtotal: true, rates: [vat19],
                   products: [.init(sku: "A", price: "0.99"), .init(sku: "B", price: "1.15")], items: [("A", 3), ("B", 2)],
                   orderDiscountPercent: "5", lineDiscounts: [1: "7%"]),
        TotalsCase(name: "0 decimals, inclusive, line discount", currency: Currency(code: "JPY", exponent: 0),
                   pricesIncludeTax: true, rates: [state10],
                   products: [.init(sku: "A", price: "1100"), .init(sku: "B", price: "333")], items: [("A", 1), ("B", 2)],
                   lineDiscounts: [1: "15%"]),
        TotalsCase(name: "exclusive, two compound rates", rates: [state10, compound5, compound2],
                   products: [.init(sku: "A", price: "19.99"), .init(sku: "B", price: "3.33")], items: [("A", 2), ("B", 1)]),
        TotalsCase(name: "exclusive, fixed_cart limited to a product spreads over all", rates: [vat19],
                   products: [.init(sku: "A", price: "3.33"), .init(sku: "B", price: "1.01")], items: [("A", 1), ("B", 2)],
                   coupon: .init(code: "fc1", type: "fixed_cart", amount: "1.00", firstProductOnly: true)),
        TotalsCase(name: "exclusive, percent limited to a product", rates: [vat19],
                   products: [.init(sku: "A", price: "3.33"), .init(sku: "B", price: "1.01")], items: [("A", 1), ("B", 2)],
                   coupon: .init(code: "pc1", type: "percent", amount: "20", firstProductOnly: true)),
    ]
}
