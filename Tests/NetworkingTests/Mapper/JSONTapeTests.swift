import Foundation
@testable import Networking
import POSFoundation
import Testing

/// The catalog's JSON reader (``JSONTape``) and the products and variations read from it: as strict as
/// `JSONDecoder` about syntax, and as tolerant as the REST API needs about shapes. (Before the catalog models
/// left `JSONDecoder`, a differential run over the fixtures and these inputs gave the same models and the same
/// errors both ways.)
struct JSONTapeTests {
    private func products(_ json: String) throws -> [Product] { try ProductListMapper().map(response: Data(json.utf8)) }
    private func failure(_ json: String) -> String {
        do {
            _ = try products(json)
            return "no error"
        } catch {
            return WooJSON.describe(error)
        }
    }

    static let invalid: [(String, String)] = [
        ("", "unexpected end of data"), ("[1] x", "unexpected data after the value"), ("[\"a\u{01}\"]", "control character"),
        (#"["\x"]"#, "invalid escape"), (#"["\u12"]"#, #"invalid \u escape"#), ("[01]", "expected ',' or ']'"),
        ("[1.]", "invalid number"), ("[-]", "invalid number"), ("[1e]", "invalid number"), ("[tru]", "invalid literal"),
        (#"{"a" 1}"#, "expected ':'"), ("{1:2}", "expected a key"), (#"[{"id":1}"#, "unterminated array"),
        (String(repeating: "[", count: 600) + String(repeating: "]", count: 600), "nested too deeply"),
    ]

    @Test(arguments: JSONTapeTests.invalid)
    func read_invalidJSON_isRefusedSayingWhereAndWhy(json: String, reason: String) {
        #expect(throws: JSONTape.SyntaxError.self) { try JSONTape(Data(json.utf8)) }
        #expect(failure(json).contains(reason), "\(failure(json))")
    }

    @Test func read_validJSON_keepsEveryValue() throws {
        let tape = try JSONTape(Data(#" {"a": [1, -2.5e3, "x\"\u00e9\ud83d\ude00", true, false, null, {}, []], "b": {"c": "d"}} "#.utf8))
        let value = try #require(tape.jsonValue(at: 0))
        #expect(value == .object([
            "a": .array([.number(1), .number(-2500), .string("x\"é😀"), .bool(true), .bool(false), .null, .object([:]), .array([])]),
            "b": .object(["c": .string("d")]),
        ]))
        #expect(tape.count(of: 0) == 2)
        // A lone surrogate or invalid UTF-8 is no string
        let lone = try JSONTape(Data(#"["\ud83d", "\udc00x"]"#.utf8))
        #expect(lone.string(at: 1) == nil && lone.string(at: 2) == nil)
        let invalid = try JSONTape(Data([0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D]))
        #expect(invalid.string(at: 1) == nil)
    }

    @Test func product_oddShapes_areReadTolerantly() throws {
        let product = try #require(try products(#"""
            [{"id":"7","name":12.50,"slug":true,"type":null,"status":false,"sku":1e3,"global_unique_id":"",
              "price":"1.50","regular_price":2.5,"sale_price":false,"on_sale":"yes","purchasable":0,"virtual":1,
              "downloadable":"no","tax_status":"","tax_class":null,"manage_stock":"1","stock_quantity":"3.5",
              "categories":{"2":{"id":"9","name":"B"},"1":{"id":8,"name":"A"}},"attributes":false,
              "variations":[1,"2",3.0,null,"x"],"parent_id":"0","date_modified":"2026-01-02T03:04:05",
              "images":[{"src":""},{"src":"http://x/y.png"}],
              "meta_data":[{"id":"5","key":"_k","value":{"a":[1,"b",null,true]}},{"key":5,"value":1.10}]}]
            """#).first)
        #expect(product.id == 7 && product.name == "12.5" && product.slug == "true" && product.type == "simple")
        #expect(product.status == "" && product.sku == "1000" && product.globalUniqueID == "")
        let (price, regular, stock) = (try ExactDecimal(parsing: "1.50"), try ExactDecimal(parsing: "2.5"), try ExactDecimal(parsing: "3.5"))
        #expect(product.price == price && product.regularPrice == regular)
        #expect(product.salePrice == nil && product.onSale && !product.purchasable && product.isVirtual && !product.isDownloadable)
        #expect(product.taxStatus == "" && product.taxClass == "" && product.manageStock)
        #expect(product.stockQuantity == stock)
        #expect(product.categories.map(\.name) == ["A", "B"] && product.categories.map(\.id) == [8, 9])
        #expect(product.attributes.isEmpty && product.variationIDs == [1, 2, 3] && product.parentID == 0)
        #expect(product.dateModified == WooDate.parse("2026-01-02T03:04:05"))
        #expect(product.imageURL == "http://x/y.png")
        #expect(product.metaData == [
            MetaData(id: 5, key: "_k", value: .object(["a": .array([.number(1), .string("b"), .null, .bool(true)])])),
            MetaData(id: nil, key: "5", value: .number(Decimal(string: "1.1")!)),
        ])
    }

    @Test func product_escapedTextAndEnvelope_areRead() throws {
        let escaped = try #require(try products(#"[{"id":1,"name":"Caf\u00e9 \"Q\" \/ \n","stock_quantity":-3}]"#).first)
        #expect(escaped.name == "Café \"Q\" / \n" && escaped.stockQuantity == ExactDecimal(significand: -3, scale: 0))
        #expect(try products(#"{"data":[{"id":2,"name":"wrapped"}]}"#).map(\.name) == ["wrapped"])
        #expect(try ProductMapper().map(response: Data(#"{"data":{"id":3}}"#.utf8)).id == 3)
    }

    @Test func product_unreadableValues_failNamingThePlace() {
        #expect(failure(#"[{"id":1},{"id":2,"price":"abc"}]"#) == #""abc" is not a decimal number at [1].price"#)
        #expect(failure(#"[{"name":"no id"}]"#) == #"missing "id" at [0]"#)
        #expect(failure(#"[{"id":1,"price":1e400}]"#) == "expected a decimal number at [0].price")
        #expect(failure(#"[1]"#).hasPrefix("expected Dictionary<String, Any> at [0]"))
        #expect(failure(#"{"a":1}"#).hasPrefix("expected Array<Product> at the top level"))
        // A list element of the wrong shape empties that list, as before, instead of failing the page
        #expect((try? products(#"[{"id":1,"categories":[{"id":1},2],"images":{},"meta_data":false}]"#))?.first?.categories == [])
    }

    @Test func variation_parentFromTheRequest_andItsImageObject() throws {
        let json = #"[{"id":"3","parent_id":"","sku":5,"image":{"src":"http://i"},"attributes":[{"name":"Size","option":"M"}],"stock_quantity":null},{"id":4,"image":[]}]"#
        let variations = try ProductVariationListMapper(productID: 41).map(response: Data(json.utf8))
        #expect(variations.map(\.productID) == [41, 41] && variations.map(\.sku) == ["5", ""])
        #expect(variations.map(\.imageURL) == ["http://i", nil])
        #expect(variations[0].attributes.first?.option == "M" && variations[0].stockQuantity == nil)
        #expect(try ProductVariationListMapper().map(response: Data(json.utf8)).map(\.productID) == [0, 0])
    }
}
