import Foundation
import Networking
import POSFoundation
import Storage

/// Turns what the REST API sent into the rows of the local catalog.
///
/// Prices stay as the decimal text the server sent; their value in the store currency's minor units is
/// computed once here, so lookups never parse.
enum CatalogRecords {
    static func product(_ product: Product, currency: Currency) -> ProductRecord {
        ProductRecord(
            id: product.id, name: product.name, slug: product.slug, type: product.type, status: product.status,
            sku: product.sku, globalUniqueId: product.globalUniqueID, price: text(product.price),
            regularPrice: text(product.regularPrice), salePrice: text(product.salePrice),
            priceMinorUnits: product.price?.money(in: currency)?.minorUnits, taxStatus: product.taxStatus,
            taxClass: product.taxClass, manageStock: product.manageStock,
            stockQuantity: quantity(product.stockQuantity),
            stockStatus: product.stockStatus.isEmpty ? "instock" : product.stockStatus,
            purchasable: product.purchasable, imageURL: product.imageURL, dateModified: product.dateModified,
            soldByWeight: soldByWeight(product.metaData))
    }

    /// The product meta that marks goods sold by weight (price per kilogram, weighed at the counter).
    static let soldByWeightMetaKey = "_pos_sold_by_weight"

    /// Whether the meta marks the product as sold by weight ("yes", "1" or true).
    static func soldByWeight(_ meta: [MetaData]) -> Bool {
        meta.first { $0.key == soldByWeightMetaKey }?.value.boolValue ?? false
    }

    static func variation(_ variation: ProductVariation, parent: ProductRecord, currency: Currency)
        -> ProductVariationRecord
    {
        let attributes = variation.attributes.map {
            ProductVariationRecord.Attribute(name: $0.name, option: $0.option ?? $0.options.first ?? "")
        }
        let options = attributes.map(\.option).filter { !$0.isEmpty }.joined(separator: ", ")
        return ProductVariationRecord(
            id: variation.id, productId: parent.id, name: options.isEmpty ? parent.name : "\(parent.name) – \(options)",
            attributes: attributes, status: variation.status.isEmpty ? "publish" : variation.status,
            sku: variation.sku, globalUniqueId: variation.globalUniqueID, price: text(variation.price),
            regularPrice: text(variation.regularPrice), salePrice: text(variation.salePrice),
            priceMinorUnits: variation.price?.money(in: currency)?.minorUnits, taxStatus: variation.taxStatus,
            taxClass: variation.taxClass, manageStock: variation.manageStock,
            stockQuantity: quantity(variation.stockQuantity),
            stockStatus: variation.stockStatus.isEmpty ? "instock" : variation.stockStatus,
            purchasable: variation.purchasable, imageURL: variation.imageURL, dateModified: variation.dateModified)
    }

    static func category(_ category: ProductCategory) -> ProductCategoryRecord {
        ProductCategoryRecord(
            id: category.id, name: category.name, slug: category.slug,
            parentId: category.parentID == 0 ? nil : category.parentID, menuOrder: category.menuOrder)
    }

    static func taxRate(_ rate: TaxRate) -> TaxRateRecord {
        TaxRateRecord(
            id: rate.id, country: rate.country, state: rate.state, postcodes: rate.postcodes, cities: rate.cities,
            rate: text(rate.rate), name: rate.name, priority: rate.priority, compound: rate.isCompound,
            shipping: rate.appliesToShipping, position: rate.order,
            taxClass: rate.taxClass.isEmpty ? "standard" : rate.taxClass)
    }

    static func taxClass(_ taxClass: TaxClass) -> TaxClassRecord {
        TaxClassRecord(slug: taxClass.slug, name: taxClass.name)
    }

    static func coupon(_ coupon: Coupon) -> CouponRecord {
        CouponRecord(
            id: coupon.id, code: coupon.code, discountType: coupon.discountType.slug, amount: text(coupon.amount),
            individualUse: coupon.individualUse, excludeSaleItems: coupon.excludeSaleItems,
            productIds: coupon.productIDs,
            excludedProductIds: coupon.excludedProductIDs, productCategories: coupon.productCategories,
            excludedProductCategories: coupon.excludedProductCategories, emailRestrictions: coupon.emailRestrictions,
            minimumAmount: text(coupon.minimumAmount), maximumAmount: text(coupon.maximumAmount),
            usageLimit: coupon.usageLimit, usageLimitPerUser: coupon.usageLimitPerUser,
            limitUsageToXItems: coupon.limitUsageToXItems, usageCount: coupon.usageCount,
            freeShipping: coupon.freeShipping, dateExpires: coupon.dateExpires, dateModified: coupon.dateModified)
    }

    static func customer(_ customer: Customer) -> CustomerRecord {
        CustomerRecord(
            id: customer.id, email: customer.email, firstName: customer.firstName, lastName: customer.lastName,
            username: customer.username, phone: customer.billing.phone, billingAddress: address(customer.billing),
            shippingAddress: address(customer.shipping), dateModified: customer.dateModified)
    }

    private static func address(_ address: Address) -> CustomerRecord.Address? {
        guard !address.isEmpty else { return nil }
        return CustomerRecord.Address(
            firstName: address.firstName, lastName: address.lastName, company: address.company,
            address1: address.address1, address2: address.address2, city: address.city, state: address.state,
            postcode: address.postcode, country: address.country,
            email: address.email.isEmpty ? nil : address.email, phone: address.phone.isEmpty ? nil : address.phone)
    }

    private static func text(_ decimal: ExactDecimal?) -> String {
        decimal?.description ?? ""
    }

    /// A stock quantity as a whole number (WooCommerce stores integers; fractions are cut toward zero).
    private static func quantity(_ decimal: ExactDecimal?) -> Int64? {
        decimal.map { $0.significand / $0.denominator }
    }
}
