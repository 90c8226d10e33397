import Foundation
import Synchronization

extension WooTestServer {
    /// One demo product: name, price (tax-inclusive, EUR), SKU, EAN, tax class, stock (nil = unmanaged), category.
    private typealias DemoProduct = (String, String, String, String, String, Int64?, Int)

    private static let demoCategories = ["Coffee", "Bakery", "Drinks", "Merchandise"]

    private static let demoProducts: [DemoProduct] = [
        ("Espresso", "2.20", "COF-ESP", "4006381333931", "", 500, 0),
        ("Cappuccino", "3.20", "COF-CAP", "4006381333948", "", 500, 0),
        ("Latte Macchiato", "3.60", "COF-LAT", "4006381333955", "", 500, 0),
        ("Filter Coffee", "2.50", "COF-FIL", "4006381333962", "", nil, 0),
        ("Coffee Beans 250 g", "8.90", "COF-BEA-250", "4006381333979", "reduced-rate", 40, 0),
        ("Coffee Beans 1 kg", "29.90", "COF-BEA-1000", "4006381333986", "reduced-rate", 12, 0),
        ("Croissant", "1.80", "BAK-CRO", "4006381333993", "reduced-rate", 60, 1),
        ("Pain au Chocolat", "2.10", "BAK-PAC", "4006381334006", "reduced-rate", 40, 1),
        ("Cheesecake Slice", "3.90", "BAK-CHE", "4006381334013", "reduced-rate", 16, 1),
        ("Bagel", "2.40", "BAK-BAG", "4006381334020", "reduced-rate", 30, 1),
        ("Brownie", "2.60", "BAK-BRO", "4006381334037", "reduced-rate", 3, 1),
        ("Mineral Water 0.5 l", "1.99", "DRK-WAT", "4006381334044", "", 120, 2),
        ("Orange Juice 0.33 l", "2.99", "DRK-ORA", "4006381334051", "", 48, 2),
        ("Lemonade", "3.49", "DRK-LEM", "4006381334068", "", 24, 2),
        ("Chai Latte", "3.80", "DRK-CHA", "4006381334075", "", nil, 2),
        ("Travel Mug", "14.95", "MER-MUG", "4006381334082", "", 10, 3),
        ("Tote Bag", "9.99", "MER-TOT", "4006381334099", "", 25, 3),
        ("Gift Card 25", "25.00", "MER-GC25", "4006381334105", "zero-rate", nil, 3),
        ("Pastry Box", "0.00", "BAK-BOX", "4006381334112", "", nil, 1),
    ]

    /// Seeds "Demo Store": EUR, prices including tax, Germany, 19 % standard and 7 % reduced VAT, four categories,
    /// 19 simple products with EAN barcodes, a variable T-shirt with three sizes, and coupons `welcome10`
    /// (10 %) and `5off` (5.00 fixed cart).
    public func seedDemoStore() {
        let now = self.now
        state.withLock { state in
            state.settings = StoreSettings()
            state.taxRates = [
                TaxRateRecord(id: 1, country: "DE", rate: "19.0000", name: "MwSt.", priority: 1, order: 0,
                              taxClass: "standard"),
                TaxRateRecord(id: 2, country: "DE", rate: "7.0000", name: "MwSt. ermäßigt", priority: 1, order: 1,
                              taxClass: "reduced-rate"),
            ]
            var categoryIDs: [Int64] = []
            for name in Self.demoCategories {
                let category = CategoryRecord(id: state.newTermID(), name: name, slug: name.lowercased())
                state.categories.append(category)
                categoryIDs.append(category.id)
            }
            for (name, price, sku, ean, taxClass, stock, category) in Self.demoProducts {
                var product = ProductRecord(id: state.newPostID(), name: name, dateCreated: now, dateModified: now)
                product.regularPrice = price
                product.sku = sku
                product.globalUniqueID = ean
                product.taxClass = taxClass
                product.manageStock = stock != nil
                product.stockQuantity = stock
                product.categoryIDs = [categoryIDs[category]]
                product.virtual = taxClass == "zero-rate"
                state.products[product.id] = product
            }
            var shirt = ProductRecord(id: state.newPostID(), name: "T-Shirt", type: "variable", dateCreated: now,
                                      dateModified: now)
            shirt.sku = "MER-TSH"
            shirt.categoryIDs = [categoryIDs[3]]
            shirt.attributes = [("Size", ["S", "M", "L"])]
            for (index, size) in ["S", "M", "L"].enumerated() {
                var variation = ProductRecord(id: state.newPostID(), parentID: shirt.id, name: "T-Shirt - \(size)",
                                              type: "variation", dateCreated: now, dateModified: now)
                variation.regularPrice = size == "L" ? "21.00" : "19.00"
                variation.sku = "MER-TSH-\(size)"
                variation.globalUniqueID = "400638133420\(index)"
                variation.taxClass = "parent"
                variation.manageStock = true
                variation.stockQuantity = 5
                variation.attributes = [("Size", [size])]
                state.products[variation.id] = variation
                shirt.variationIDs.append(variation.id)
            }
            shirt.regularPrice = "19.00"
            state.products[shirt.id] = shirt
            for (code, amount, type) in [("welcome10", "10", "percent"), ("5off", "5.00", "fixed_cart")] {
                let coupon = CouponRecord(id: state.newPostID(), code: code, amount: amount, discountType: type,
                                          dateCreated: now, dateModified: now)
                state.coupons[coupon.id] = coupon
            }
            var customer = CustomerRecord(id: state.newUserID(), email: "erika@example.com", dateCreated: now,
                                          dateModified: now)
            customer.firstName = "Erika"
            customer.lastName = "Mustermann"
            customer.username = "erika"
            state.customers[customer.id] = customer
        }
    }
}

extension WooTestServer {
    /// Adds a generated catalog the size of a real store's, for benchmarks: `products` published products with
    /// SKUs, EAN-13-like GTINs, descriptions and prices, every `variableEvery`-th one variable with
    /// `variationsPerProduct` sizes. Deterministic: the same arguments give the same catalog.
    public func generateCatalog(products: Int, variableEvery: Int = 100, variationsPerProduct: Int = 5) {
        let now = self.now
        let words = ["alpine", "basil", "cocoa", "delta", "ember", "fjord", "garnet", "harbor", "indigo", "juniper",
                     "kelp", "lumen", "mocha", "nectar", "olive", "pepper", "quartz", "russet", "saffron", "tundra"]
        let sizes = ["XS", "S", "M", "L", "XL", "XXL", "3XL", "4XL"]
        state.withLock { state in
            let categoryIDs = state.categories.map(\.id)
            for index in 1...max(products, 1) {
                let name = "\(words[index % 20].capitalized) \(words[(index / 20) % 20]) \(words[(index / 400) % 20]) \(index)"
                var product = ProductRecord(id: state.newPostID(), name: name, dateCreated: now, dateModified: now)
                product.sku = "GEN-\(index)"
                product.globalUniqueID = String(format: "40%011d", index)
                product.regularPrice = "\(1 + index % 97).\(String(format: "%02d", index % 100))"
                product.taxClass = index % 5 == 0 ? "reduced-rate" : ""
                product.description = "A generated product for benchmarks: \(name), made of \(words[(index * 7) % 20])."
                if !categoryIDs.isEmpty { product.categoryIDs = [categoryIDs[index % categoryIDs.count]] }
                if variableEvery > 0, index % variableEvery == 0 {
                    product.type = "variable"
                    let options = Array(sizes.prefix(max(1, min(variationsPerProduct, sizes.count))))
                    product.attributes = [("Size", options)]
                    for size in options {
                        var variation = ProductRecord(id: state.newPostID(), parentID: product.id, name: "\(name) - \(size)",
                                                      type: "variation", dateCreated: now, dateModified: now)
                        variation.regularPrice = product.regularPrice
                        variation.sku = "GEN-\(index)-\(size)"
                        variation.taxClass = "parent"
                        variation.attributes = [("Size", [size])]
                        state.products[variation.id] = variation
                        product.variationIDs.append(variation.id)
                    }
                }
                state.products[product.id] = product
            }
        }
    }
}
