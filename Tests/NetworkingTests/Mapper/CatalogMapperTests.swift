import Foundation
import Networking
import POSFoundation
import Testing

struct CatalogMapperTests {
    @Test func map_productList_readsPricesExactlyAndToleratesStringsNullsAndFalse() throws {
        // Given
        let data = try Fixture.data("products")

        // When
        let products = try ProductListMapper().map(response: data)

        // Then
        #expect(products.count == 2)
        let beans = products[0]
        #expect(beans.id == 40)
        #expect(beans.globalUniqueID == "4006381333931")
        #expect(beans.price == ExactDecimal(9))
        #expect(beans.salePrice == nil)
        #expect(beans.stockQuantity == ExactDecimal(12))
        #expect(beans.categories.map(\.slug) == ["coffee"])
        #expect(beans.imageURL == "https://shop.example/beans.jpg")
        #expect(beans.dateModified == Fixture.date(2026, 2, 1, 9, 0))
        #expect(beans.price?.money(in: .eur) == Money(minorUnits: 900, currency: .eur))
        let mug = products[1]
        #expect(mug.id == 41)
        #expect(mug.price == (try ExactDecimal(parsing: "4.995")))
        #expect(mug.price?.money(in: .eur) == Money(minorUnits: 500, currency: .eur))
        #expect(mug.regularPrice == nil)
        #expect(mug.salePrice == nil)
        #expect(mug.onSale == false)
        #expect(mug.stockQuantity == nil)
        #expect(mug.categories.isEmpty)
        #expect(mug.variationIDs == [43, 44])
        #expect(mug.attributes.first?.options == ["Blue", "Red"])
        #expect(mug.imageURL == nil)
        #expect(mug.dateModified == Fixture.date(2026, 2, 2, 10, 0))
    }

    @Test func map_productEnvelope_readsFractionalStock() throws {
        // Given
        let data = try Fixture.data("product")

        // When
        let product = try ProductMapper().map(response: data)

        // Then
        #expect(product.id == 42)
        #expect(product.stockQuantity == (try ExactDecimal(parsing: "3.5")))
        #expect(product.price == ExactDecimal(25))
    }

    @Test func map_variations_fillParentFromRequestAndReadNegativeStock() throws {
        // Given
        let data = try Fixture.data("variations")

        // When
        let variations = try ProductVariationListMapper(productID: 41).map(response: data)

        // Then
        #expect(variations.map(\.productID) == [41, 41])
        #expect(variations[0].stockQuantity == ExactDecimal(-2))
        #expect(variations[0].attributes.first?.option == "Blue")
        #expect(variations[0].imageURL == "https://shop.example/mug-blue.jpg")
        #expect(variations[1].price == nil)
        #expect(variations[1].imageURL == nil)
    }

    @Test func map_categories_readParentAndStringCount() throws {
        // Given
        let data = try Fixture.data("categories")

        // When
        let categories = try ProductCategoryListMapper().map(response: data)

        // Then
        #expect(categories.map(\.parentID) == [0, 15])
        #expect(categories[0].count == 12)
    }

    @Test func map_coupons_readTypesLimitsAndAmounts() throws {
        // Given
        let list = try Fixture.data("coupons")

        // When
        let coupons = try CouponListMapper().map(response: list)

        // Then
        #expect(coupons.map(\.discountType) == [.percent, .fixedCart, .custom("sign_up_fee")])
        #expect(coupons[0].usageLimitPerUser == nil)
        #expect(coupons[0].excludedProductIDs == [40])
        #expect(coupons[0].maximumAmount == nil)
        #expect(coupons[0].minimumAmount == ExactDecimal(0))
        #expect(coupons[0].usedBy == ["anna@example.com", "25"])
        #expect(coupons[1].usageLimit == 100)
        #expect(coupons[1].dateExpires == Fixture.date(2026, 12, 31))
    }

    @Test func map_taxRates_readOldAndNewPostcodeShapes() throws {
        // Given
        let list = try Fixture.data("taxes")

        // When
        let rates = try TaxRateListMapper().map(response: list)

        // Then
        #expect(rates[0].rate == ExactDecimal(19))
        #expect(rates[0].appliesToShipping)
        #expect(rates[1].postcodes == ["10115", "10117"])
        #expect(rates[1].cities == ["BERLIN"])
        #expect(rates[1].isCompound == false)
        #expect(rates[1].order == 1)
        #expect(rates[2].rate == (try ExactDecimal(parsing: "8.875")))
        #expect(rates[2].postcodes == ["10001", "10002"])
        #expect(rates[2].isCompound)
        #expect(rates[2].priority == 2)
    }

    @Test func map_taxClasses_readSlugs() throws {
        // Given
        let data = try Fixture.data("tax-classes")

        // When
        let classes = try TaxClassListMapper().map(response: data)

        // Then
        #expect(classes.map(\.slug) == ["standard", "reduced-rate", "zero-rate"])
    }
}
