import Foundation
import Localization
import Networking
import POSFoundation
import Storage

/// The demo's loose goods, sold by weight: each has a price per kilogram and a numeric PLU in its SKU, as a store
/// keeps the item code its scale prints into weight labels, and no EAN (loose goods carry the label's code). A
/// scan of the PLU asks the scale for the weight (`pos scale-sim` in the demo); a weight label scanned with the
/// demo's layout (``weightLabelLayout``) carries the weight itself.
extension DemoCatalog {
    /// Name (English, German), price per kilogram, PLU, category index (into ``categories``).
    private static let weighedItems: [(name: (String, String), pricePerKilogram: String, plu: String, category: Int)] = [
        (("Loose Coffee Beans", "Kaffeebohnen lose"), "24.90", "7", 0),
        (("Butter Cookies (loose)", "Butterkekse (lose)"), "15.90", "12", 1),
        (("Green Olives", "Grüne Oliven"), "19.90", "21", 4),
        (("Mountain Cheese", "Bergkäse"), "28.50", "34", 4),
    ]

    /// The first id of the loose goods (after the generated assortment and the hoodie).
    static let weighedFirstID: Int64 = 300

    /// The demo's weight labels: prefix 28 or 29, a five-digit PLU, the weight in grams in five digits, the EAN-13
    /// check digit: `2800007012345` is 1.234 kg of PLU 7. Written into the app settings when the demo is seeded.
    static let weightLabelLayout = "28-29:IIIIIVVVVV:weight"

    /// The loose goods (sold by weight, 7 % VAT as food) with their category ids.
    static func weighed(categoryIDs: [Int64], language: Language = .english) -> (products: [ProductRecord], links: [Int64: [Int64]]) {
        var products: [ProductRecord] = []
        var links: [Int64: [Int64]] = [:]
        for (offset, item) in weighedItems.enumerated() {
            let id = weighedFirstID + Int64(offset)
            let cents = ExactDecimal.catalogPrice(item.pricePerKilogram)?.money(in: .eur)?.minorUnits
            products.append(ProductRecord(
                id: id, name: name(item.name, language), slug: item.name.0.lowercased().filter { $0.isLetter || $0 == " " }
                    .replacingOccurrences(of: " ", with: "-"),
                sku: item.plu, price: item.pricePerKilogram, regularPrice: item.pricePerKilogram,
                priceMinorUnits: cents, taxClass: "reduced-rate", manageStock: false, soldByWeight: true))
            links[id] = [categoryIDs[item.category]]
        }
        return (products, links)
    }
}
