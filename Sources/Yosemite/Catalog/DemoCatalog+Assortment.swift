import Foundation
import POSFoundation
import Storage

/// The bulk of the demo assortment: about 180 generated products in five categories, a variable hoodie, and
/// the demo coupon, so the demo counter has a catalog big enough to search, scroll and scan through.
extension DemoCatalog {
    /// Per category: the product nouns, the price base in cents, and the tax class.
    private static let ranges: [(category: Int, nouns: [String], base: Int64, taxClass: String)] = [
        (0, ["Espresso Blend", "Single Origin", "Decaf", "Cold Brew", "Drip Bag"], 450, "reduced-rate"),
        (1, ["Muffin", "Scone", "Cinnamon Roll", "Cookie", "Pretzel", "Danish"], 150, "reduced-rate"),
        (2, ["Iced Tea", "Smoothie", "Kombucha", "Soda", "Sparkling Water", "Juice"], 220, ""),
        (3, ["Sticker", "Postcard", "Notebook", "Keyring", "Tumbler"], 300, ""),
        (4, ["Sandwich", "Salad", "Soup", "Wrap", "Quiche", "Bowl"], 490, "reduced-rate"),
    ]
    private static let flavours = ["Classic", "Vanilla", "Hazelnut", "Caramel", "Berry", "Lemon"]

    /// The first id of the generated products.
    static let assortmentFirstID: Int64 = 100
    /// The demo coupon: 10 % off the whole order.
    static let couponCode = "DEMO10"

    /// The generated products with their category ids.
    static func assortment(categoryIDs: [Int64]) -> (products: [ProductRecord], links: [Int64: [Int64]]) {
        var products: [ProductRecord] = []
        var links: [Int64: [Int64]] = [:]
        var id = assortmentFirstID
        for range in ranges {
            for (nounIndex, noun) in range.nouns.enumerated() {
                for (flavourIndex, flavour) in flavours.enumerated() {
                    let cents = range.base + Int64(nounIndex * 40 + flavourIndex * 10)
                    let price = "\(cents / 100).\(String(format: "%02d", Int(cents % 100)))"
                    let prefix = String(range.nouns[nounIndex].prefix(3)).uppercased()
                    products.append(ProductRecord(
                        id: id, name: "\(flavour) \(noun)", slug: "\(flavour)-\(noun)".lowercased().replacingOccurrences(of: " ", with: "-"),
                        sku: "DEM-\(prefix)-\(id)", globalUniqueId: ean13(id), price: price, regularPrice: price,
                        priceMinorUnits: cents, taxClass: range.taxClass, manageStock: id % 3 == 0,
                        stockQuantity: id % 3 == 0 ? 50 : nil))
                    links[id] = [categoryIDs[range.category]]
                    id += 1
                }
            }
        }
        return (products, links)
    }

    /// A variable hoodie in three colours, and its variations.
    static func hoodie(id: Int64, categoryID: Int64) -> (ProductRecord, [ProductVariationRecord]) {
        let product = ProductRecord(id: id, name: "Hoodie", slug: "hoodie", type: "variable", sku: "MER-HOO",
                                    price: "39.00", regularPrice: "39.00", priceMinorUnits: 3900)
        let variations = ["Black", "Grey", "Green"].enumerated().map { index, colour in
            ProductVariationRecord(
                id: id + 1 + Int64(index), productId: id, name: "Hoodie – \(colour)",
                attributes: [.init(name: "Colour", option: colour)], sku: "MER-HOO-\(colour.uppercased())",
                globalUniqueId: ean13(id + 1 + Int64(index)), price: "39.00", regularPrice: "39.00",
                priceMinorUnits: 3900, taxClass: "parent", manageStock: true, stockQuantity: 8, menuOrder: index)
        }
        return (product, variations)
    }

    /// The demo coupon.
    static let coupon = CouponRecord(id: 1, code: couponCode.lowercased(), discountType: "percent", amount: "10.00")

    /// An in-store EAN-13 (prefix 20) for an id, with its check digit.
    static func ean13(_ id: Int64) -> String {
        let body = "20" + String(format: "%010lld", id)
        let sum = body.enumerated().reduce(0) { sum, pair in
            sum + (pair.element.wholeNumberValue ?? 0) * (pair.offset % 2 == 0 ? 1 : 3)
        }
        return body + String((10 - sum % 10) % 10)
    }
}
