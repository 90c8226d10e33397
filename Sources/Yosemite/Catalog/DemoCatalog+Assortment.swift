import Foundation
import Localization
import POSFoundation
import Storage

/// The bulk of the demo assortment: about 180 generated products in five categories, a variable hoodie, and
/// the demo coupon, so the demo counter has a catalog big enough to search, scroll and scan through.
extension DemoCatalog {
    /// Per category: the product nouns (English, German), the price base in cents, and the tax class.
    private static let ranges: [(category: Int, nouns: [(String, String)], base: Int64, taxClass: String)] = [
        (0, [("Espresso Blend", "Espressomischung"), ("Single Origin", "Hochlandkaffee"), ("Decaf", "Entkoffeinierter"),
             ("Cold Brew", "Kaltbrühkaffee"), ("Drip Bag", "Filterbeutel")], 450, "reduced-rate"),
        (1, [("Muffin", "Muffin"), ("Scone", "Teegebäck"), ("Cinnamon Roll", "Zimtschnecke"), ("Cookie", "Keks"),
             ("Pretzel", "Brezel"), ("Danish", "Plunder")], 150, "reduced-rate"),
        (2, [("Iced Tea", "Eistee"), ("Smoothie", "Smoothie"), ("Kombucha", "Kombucha"), ("Soda", "Brause"),
             ("Sparkling Water", "Sprudelwasser"), ("Juice", "Saft")], 220, ""),
        (3, [("Sticker", "Aufkleber"), ("Postcard", "Postkarte"), ("Notebook", "Notizbuch"), ("Keyring", "Schlüsselanhänger"),
             ("Tumbler", "Trinkbecher")], 300, ""),
        (4, [("Sandwich", "Sandwich"), ("Salad", "Salat"), ("Soup", "Suppe"), ("Wrap", "Wrap"), ("Quiche", "Quiche"),
             ("Bowl", "Bowl")], 490, "reduced-rate"),
    ]
    private static let flavours = [("Classic", "Klassik"), ("Vanilla", "Vanille"), ("Hazelnut", "Haselnuss"),
                                   ("Caramel", "Karamell"), ("Berry", "Beeren"), ("Lemon", "Zitronen")]

    /// The first id of the generated products.
    static let assortmentFirstID: Int64 = 100
    /// The demo coupon: 10 % off the whole order.
    static let couponCode = "DEMO10"

    /// The generated products with their category ids.
    static func assortment(categoryIDs: [Int64], language: Language = .english) -> (products: [ProductRecord], links: [Int64: [Int64]]) {
        var products: [ProductRecord] = []
        var links: [Int64: [Int64]] = [:]
        var id = assortmentFirstID
        for range in ranges {
            for (nounIndex, noun) in range.nouns.enumerated() {
                for (flavourIndex, flavour) in flavours.enumerated() {
                    let cents = range.base + Int64(nounIndex * 40 + flavourIndex * 10)
                    let price = "\(cents / 100).\(String(format: "%02d", Int(cents % 100)))"
                    let prefix = String(noun.0.prefix(3)).uppercased()
                    // English "Vanilla Muffin", German "Vanille-Muffin"; the slug and SKU stay English.
                    let name = language == .german ? "\(flavour.1)-\(noun.1)" : "\(flavour.0) \(noun.0)"
                    products.append(ProductRecord(
                        id: id, name: name, slug: "\(flavour.0)-\(noun.0)".lowercased().replacingOccurrences(of: " ", with: "-"),
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
    static func hoodie(id: Int64, categoryID: Int64, language: Language = .english) -> (ProductRecord, [ProductVariationRecord]) {
        let product = ProductRecord(id: id, name: "Hoodie", slug: "hoodie", type: "variable", sku: "MER-HOO",
                                    price: "39.00", regularPrice: "39.00", priceMinorUnits: 3900)
        let colours = [("Black", "Schwarz"), ("Grey", "Grau"), ("Green", "Grün")]
        let variations = colours.enumerated().map { index, colour in
            ProductVariationRecord(
                id: id + 1 + Int64(index), productId: id, name: "Hoodie – \(name(colour, language))",
                attributes: [.init(name: name(("Colour", "Farbe"), language), option: name(colour, language))],
                sku: "MER-HOO-\(colour.0.uppercased())",
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
