import Foundation
import Testing
@testable import Yosemite

/// The open sale's cart JSON: encoded from its items' cached JSON, it is byte for byte what encoding the whole cart
/// writes, and a stored text is decoded once.
struct OpenSaleCacheTests {
    static let carts: [Cart] = {
        let half = PreciseAmount(decimalText: "12.5")!
        let two = PreciseAmount(decimalText: "2.00")!
        return [
            Cart(items: [.init(code: "MUG-1")]),
            Cart(items: [.init(code: "MUG-1", quantity: 3, discount: .percent(half)),
                         .init(code: "2104711804990", measure: .price(minorUnits: 499)),
                         .init(code: "APPLES", measure: .weight(grams: 1234)),
                         .init(code: "", manual: .init(name: "Käse \"alt\" / [items]", unitPrice: two, taxClass: "reduced-rate"))],
                 couponCodes: ["summer\"items\":[]"], orderDiscount: .amount(two),
                 fees: [.init(name: "\"items\":[]", amount: two, taxable: true, taxClass: "standard")],
                 customerId: 42, note: "a note with \"items\":[] and \\ and ünïcödé"),
            Cart(items: (0..<50).map { .init(code: "SKU-\($0)", quantity: $0 % 3 + 1) }, note: "fifty lines"),
        ]
    }()

    @Test(arguments: carts)
    func encodingFromTheItems_isExactlyTheWholeCartsJSON(_ cart: Cart) {
        let whole = CartJSON.encode(cart)
        #expect(CartJSON.encode(cart, items: cart.items.map(CartJSON.encode)) == whole)
        #expect(OpenSaleCache().text(encoding: cart) == whole)
        #expect(CartJSON.decode(whole) == cart)
    }

    @Test func scanByScan_theCachedTextIsTheWholeCartsJSON_andDecodesToTheCart() {
        let cache = OpenSaleCache()
        var cart = Cart()
        for index in 0..<60 {
            if index % 7 == 3 { cart.items[0].quantity += 1 } else { cart.items.append(.init(code: "SKU-\(index % 20)")) }
            if index % 11 == 5 { cart.items.remove(at: 1) }
            let text = cache.text(encoding: cart)
            #expect(text == CartJSON.encode(cart))
            #expect(cache.cart(decoding: text) == cart)
        }
    }

    @Test func aTextWrittenElsewhere_isDecodedAfresh() {
        let cache = OpenSaleCache()
        let ours = Cart(items: [.init(code: "MUG-1")])
        _ = cache.text(encoding: ours)
        let theirs = Cart(items: [.init(code: "MUG-1"), .init(code: "TEA-2", quantity: 2)])
        #expect(cache.cart(decoding: CartJSON.encode(theirs)) == theirs)
        #expect(cache.cart(decoding: CartJSON.encode(ours)) == ours)
    }
}
