import Foundation
import Localization
import Networking
import POSFoundation
import Storage

/// The demo store's catalog: the café products, barcodes and prices of the test server's demo store, grown with
/// a generated assortment (``assortment(categoryIDs:)``) to about 200 products, two variable products, loose goods
/// sold by weight (``weighed(categoryIDs:)``) and a coupon, so lookup, search, selling, the scale and weight labels
/// work in the demo without a site. Prices are in euros with 19 % or 7 % VAT
/// included.
enum DemoCatalog {
    /// English name, German name, price, SKU, EAN, tax class, stock (nil = unmanaged), category index. A name that
    /// is the same word in both languages ("Espresso", "Croissant") is written twice.
    private typealias Item = (String, String, String, String, String, String, Int64?, Int)

    /// The categories, English and German.
    private static let categories = [("Coffee", "Kaffee"), ("Bakery", "Backwaren"), ("Drinks", "Getränke"),
                                     ("Merchandise", "Fanartikel"), ("Deli", "Feinkost")]

    private static let items: [Item] = [
        ("Espresso", "Espresso", "2.20", "COF-ESP", "4006381333931", "", 500, 0),
        ("Cappuccino", "Cappuccino", "3.20", "COF-CAP", "4006381333948", "", 500, 0),
        ("Latte Macchiato", "Latte Macchiato", "3.60", "COF-LAT", "4006381333955", "", 500, 0),
        ("Filter Coffee", "Filterkaffee", "2.50", "COF-FIL", "4006381333962", "", nil, 0),
        ("Coffee Beans 250 g", "Kaffeebohnen 250 g", "8.90", "COF-BEA-250", "4006381333979", "reduced-rate", 40, 0),
        ("Coffee Beans 1 kg", "Kaffeebohnen 1 kg", "29.90", "COF-BEA-1000", "4006381333986", "reduced-rate", 12, 0),
        ("Croissant", "Croissant", "1.80", "BAK-CRO", "4006381333993", "reduced-rate", 60, 1),
        ("Pain au Chocolat", "Schokocroissant", "2.10", "BAK-PAC", "4006381334006", "reduced-rate", 40, 1),
        ("Cheesecake Slice", "Stück Käsekuchen", "3.90", "BAK-CHE", "4006381334013", "reduced-rate", 16, 1),
        ("Bagel", "Bagel", "2.40", "BAK-BAG", "4006381334020", "reduced-rate", 30, 1),
        ("Brownie", "Brownie", "2.60", "BAK-BRO", "4006381334037", "reduced-rate", 3, 1),
        ("Mineral Water 0.5 l", "Mineralwasser 0,5 l", "1.99", "DRK-WAT", "4006381334044", "", 120, 2),
        ("Orange Juice 0.33 l", "Orangensaft 0,33 l", "2.99", "DRK-ORA", "4006381334051", "", 48, 2),
        ("Lemonade", "Limonade", "3.49", "DRK-LEM", "4006381334068", "", 24, 2),
        ("Chai Latte", "Chai Latte", "3.80", "DRK-CHA", "4006381334075", "", nil, 2),
        ("Travel Mug", "Thermobecher", "14.95", "MER-MUG", "4006381334082", "", 10, 3),
        ("Tote Bag", "Stofftasche", "9.99", "MER-TOT", "4006381334099", "", 25, 3),
        ("Gift Card 25", "Geschenkkarte 25", "25.00", "MER-GC25", "4006381334105", "zero-rate", nil, 3),
        ("Pastry Box", "Gebäckschachtel", "0.00", "BAK-BOX", "4006381334112", "", nil, 1),
    ]

    /// A name in the demo's language: the English one, or the German one.
    static func name(_ names: (String, String), _ language: Language) -> String {
        language == .german ? names.1 : names.0
    }

    /// Writes the demo catalog (products, a variable T-shirt in three sizes, categories, VAT rates) in one
    /// transaction, named in `language` (a German demo sells "Filterkaffee").
    static func seed(into database: AppDatabase, language: Language = .english) async throws {
        try await database.seedCatalog(catalog(language))
    }

    /// Renames the demo's products, variations, categories and tax rates into `language` (the paper-language setting switched
    /// on the demo store); prices, stock and ids stay as they are.
    static func rename(in database: AppDatabase, to language: Language) async throws {
        let seed = catalog(language)
        try await database.renameCatalog(products: seed.products, variations: seed.variations,
                                         categories: seed.categories, taxRates: seed.taxRates)
    }

    /// The whole demo catalog, named in `language`.
    static func catalog(_ language: Language) -> CatalogSeed {
        let categoryRecords = categories.enumerated().map {
            ProductCategoryRecord(id: Int64(101 + $0.offset), name: name($0.element, language),
                                  slug: $0.element.0.lowercased())
        }
        var products: [ProductRecord] = []
        var links: [Int64: [Int64]] = [:]
        for (index, (english, german, price, sku, ean, taxClass, stock, category)) in items.enumerated() {
            let id = Int64(1 + index)
            products.append(
                ProductRecord(
                    id: id, name: name((english, german), language), slug: english.lowercased(), sku: sku, globalUniqueId: ean, price: price,
                    regularPrice: price, priceMinorUnits: minorUnits(price), taxClass: taxClass,
                    manageStock: stock != nil,
                    stockQuantity: stock))
            links[id] = [categoryRecords[category].id]
        }
        let shirtID = Int64(items.count + 1)
        products.append(
            ProductRecord(
                id: shirtID, name: "T-Shirt", slug: "t-shirt", type: "variable", sku: "MER-TSH", price: "19.00",
                regularPrice: "19.00", priceMinorUnits: 1900))
        links[shirtID] = [categoryRecords[3].id]
        let variations = ["S", "M", "L"].enumerated().map { index, size in
            let price = size == "L" ? "21.00" : "19.00"
            return ProductVariationRecord(
                id: shirtID + 1 + Int64(index), productId: shirtID, name: "T-Shirt – \(size)",
                attributes: [.init(name: name(("Size", "Größe"), language), option: size)], sku: "MER-TSH-\(size)",
                globalUniqueId: "400638133420\(index)", price: price, regularPrice: price,
                priceMinorUnits: minorUnits(price), taxClass: "parent", manageStock: true, stockQuantity: 5,
                menuOrder: index)
        }
        let extra = assortment(categoryIDs: categoryRecords.map(\.id), language: language)
        products += extra.products
        links.merge(extra.links) { $1 }
        let hoodieID = extra.products.map(\.id).max()! + 1
        let (hoodieProduct, hoodieVariations) = Self.hoodie(id: hoodieID, categoryID: categoryRecords[3].id, language: language)
        products.append(hoodieProduct)
        links[hoodieID] = [categoryRecords[3].id]
        let allVariations = variations + hoodieVariations
        let loose = weighed(categoryIDs: categoryRecords.map(\.id), language: language)
        products += loose.products
        links.merge(loose.links) { $1 }
        let rates = [
            TaxRateRecord(id: 1, country: "DE", rate: "19.0000", name: name(("VAT", "MwSt."), language), position: 0,
                          taxClass: "standard"),
            TaxRateRecord(id: 2, country: "DE", rate: "7.0000", name: name(("VAT reduced", "MwSt. ermäßigt"), language),
                          position: 1, taxClass: "reduced-rate"),
        ]
        let classes = [
            TaxClassRecord(slug: "standard", name: "Standard"),
            TaxClassRecord(slug: "reduced-rate", name: "Reduced rate"),
            TaxClassRecord(slug: "zero-rate", name: "Zero rate"),
        ]
        return CatalogSeed(
            categories: categoryRecords, products: products, links: links, variations: allVariations,
            coupons: [coupon], taxClasses: classes, taxRates: rates, customers: customers)
    }

    /// The demo store's customers, found offline by name, e-mail, phone or number (the counter's F6).
    static let customers: [CustomerRecord] = [
        demoCustomer(2, "Erika", "Mustermann", "erika@example.com", "+49 30 1234567", "Berlin"),
        demoCustomer(3, "Max", "Mustermann", "max.mustermann@example.com", "+49 40 7654321", "Hamburg"),
        demoCustomer(4, "Jörg", "Schäfer", "joerg.schaefer@example.org", "0221 998877", "Köln"),
        demoCustomer(5, "Ana", "Lopez", "ana@example.net", "+34 91 5550101", "Madrid"),
    ]

    private static func demoCustomer(_ id: Int64, _ first: String, _ last: String, _ email: String, _ phone: String,
                                     _ city: String) -> CustomerRecord {
        CustomerRecord(id: id, email: email, firstName: first, lastName: last, username: first.lowercased(), phone: phone,
                       billingAddress: .init(firstName: first, lastName: last, city: city, email: email,
                                             phone: phone))
    }

    /// "2.20" as 220 cents.
    private static func minorUnits(_ price: String) -> Int64? {
        ExactDecimal.catalogPrice(price)?.money(in: .eur)?.minorUnits
    }
}
