import Foundation
import POSFoundation
import Storage

/// A deterministic catalog: the same product count always gives the same names, SKUs, GTINs and prices.
///
/// It writes REST JSON, so the benchmark decodes pages exactly as a sync does.
struct BenchCatalogGenerator: Sendable {
    static let words = [
        "apple", "berry", "cocoa", "coffee", "cola", "cream", "crisp", "dark", "espresso", "fresh", "ginger",
        "gold", "green", "honey", "juice", "latte", "lemon", "lime", "malt", "mango", "milk", "mint", "nut",
        "oat", "orange", "peach", "pear", "pepper", "plum", "rye", "salt", "sesame", "smoke", "soda", "spice",
        "sugar", "sweet", "tea", "toffee", "vanilla", "water", "wheat", "white", "wild", "bread", "bagel", "bar",
        "box", "cake", "chips", "cookie", "cup", "jar", "mug", "pack", "roll", "slice", "snack", "tin", "tote",
    ]
    /// Every how many products one is variable (with ``variationsPerProduct`` variations).
    static let variableEvery = 20
    static let variationsPerProduct = 3
    static let pageSize = 100

    let productCount: Int

    var pageCount: Int { (productCount + Self.pageSize - 1) / Self.pageSize }

    /// Product ids are 1…productCount; variation ids follow.
    func isVariable(_ id: Int) -> Bool { id % Self.variableEvery == 0 }

    /// The ids of the variable products on a page.
    func variableProductIDs(onPage page: Int) -> [Int64] {
        let first = (page - 1) * Self.pageSize + 1
        let last = min(productCount, page * Self.pageSize)
        return (first...last).filter(isVariable).map(Int64.init)
    }

    func sku(_ id: Int) -> String { "SKU-\(String(id, radix: 10).leftPadded(to: 7))" }
    func variationSKU(_ id: Int, _ index: Int) -> String { "\(sku(id))-V\(index + 1)" }

    /// An EAN-13 with a valid check digit.
    func gtin(_ id: Int) -> String {
        let body = "40" + String(id).leftPadded(to: 10)
        let sum = body.enumerated().reduce(0) { sum, pair in
            sum + (pair.element.wholeNumberValue ?? 0) * (pair.offset % 2 == 0 ? 1 : 3)
        }
        return body + String((10 - sum % 10) % 10)
    }

    func name(_ id: Int) -> String {
        var state = UInt64(id) &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        var parts: [String] = []
        for _ in 0..<3 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            parts.append(Self.words[Int((state >> 33) % UInt64(Self.words.count))].capitalized)
        }
        return parts.joined(separator: " ") + " \(id)"
    }

    func price(_ id: Int) -> String {
        let cents = 99 + (id &* 7919) % 9_900
        return "\(cents / 100).\(String(cents % 100).leftPadded(to: 2))"
    }

    /// Page `page` (1-based) of `GET products` as the REST API sends it, with `_fields` trimmed keys.
    func productPage(_ page: Int) -> Data {
        let first = (page - 1) * Self.pageSize + 1
        let last = min(productCount, page * Self.pageSize)
        guard first <= last else { return Data("[]".utf8) }
        let items = (first...last).map { id -> String in
            let variable = isVariable(id)
            let variationIDs = variable ? (0..<Self.variationsPerProduct).map { String(variationID(id, $0)) } : []
            return """
                {"id":\(id),"name":"\(name(id))","slug":"p-\(id)","type":"\(variable ? "variable" : "simple")",\
                "status":"publish","sku":"\(sku(id))","global_unique_id":"\(gtin(id))","price":"\(price(id))",\
                "regular_price":"\(price(id))","sale_price":"","purchasable":true,"tax_status":"taxable",\
                "tax_class":"","manage_stock":true,"stock_quantity":\(id % 50),"stock_status":"instock",\
                "categories":[{"id":\(id % 12 + 1),"name":"C","slug":"c"}],"variations":[\(variationIDs.joined(separator: ","))],\
                "images":[],"date_modified_gmt":"2026-01-01T00:00:00"}
                """
        }
        return Data(("[" + items.joined(separator: ",") + "]").utf8)
    }

    func variationID(_ productID: Int, _ index: Int) -> Int {
        productCount + productID / Self.variableEvery * Self.variationsPerProduct + index
    }

    /// The variations of a variable product as `GET products/{id}/variations` sends them.
    func variationPage(productID id: Int) -> Data {
        let sizes = ["S", "M", "L", "XL"]
        let items = (0..<Self.variationsPerProduct).map { index in
            """
            {"id":\(variationID(id, index)),"parent_id":\(id),"sku":"\(variationSKU(id, index))","global_unique_id":"",\
            "status":"publish","price":"\(price(id + index))","regular_price":"\(price(id + index))","sale_price":"",\
            "purchasable":true,"tax_status":"taxable","tax_class":"parent","manage_stock":false,"stock_status":"instock",\
            "attributes":[{"id":1,"name":"Size","option":"\(sizes[index % sizes.count])"}],"date_modified_gmt":"2026-01-01T00:00:00"}
            """
        }
        return Data(("[" + items.joined(separator: ",") + "]").utf8)
    }
}

extension String {
    func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}

extension BenchCatalogGenerator {
    /// Stores the generated products (and a variation of each variable one) with ids moved up by `idOffset`, in
    /// pages of 1,000 through the catalog sync's own bulk write (one transaction a page, the search index kept).
    func store(in database: AppDatabase, idOffset offset: Int) async throws {
        for start in stride(from: 1, through: productCount, by: 1_000) {
            var products: [ProductRecord] = []
            var variations: [ProductVariationRecord] = []
            for id in start...min(productCount, start + 999) {
                let price = price(id)
                let variable = isVariable(id)
                products.append(ProductRecord(
                    id: Int64(offset + id), name: name(id), type: variable ? "variable" : "simple",
                    sku: sku(id), globalUniqueId: gtin(id), price: price, regularPrice: price,
                    priceMinorUnits: (try? Money(parsing: price, currency: .eur))?.minorUnits))
                if variable {
                    variations.append(ProductVariationRecord(
                        id: Int64(offset * 2 + id), productId: Int64(offset + id), name: name(id),
                        sku: variationSKU(id, 0), price: price, regularPrice: price))
                }
            }
            _ = try await database.storeCatalogPages(
                [.products(products, links: [:], unpublished: [])]
                    + variations.map { .variations([$0], parentId: $0.productId) })
        }
    }
}
