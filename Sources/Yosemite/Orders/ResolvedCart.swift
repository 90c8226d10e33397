import Foundation
import Hardware
import Localization
import POSFoundation
import Storage
import Synchronization

/// A cart with every code looked up in the local catalog: what the totals need, plus names and SKUs to store.
struct ResolvedCart: Sendable {
    /// What a line shows and stores besides its amounts.
    struct LineInfo: Sendable {
        var productId: Int64
        var variationId: Int64?
        var name: String
        var sku: String
        var taxClass: String
        /// The catalog unit price in minor units (as entered: with tax in a tax-inclusive store); per kilogram
        /// for a line sold by weight.
        var unitPrice: Int64
        /// The net weight in grams of a line sold by weight.
        var weightGrams: Int?
        /// Whether the product is sold by weight (its price is per kilogram).
        var soldByWeight = false
        /// A manual item's scanned code (the line is marked for review); `nil` for a catalog line.
        var manualItemCode: String? = nil
    }

    var input: TotalsInput
    var info: [LineInfo]
    var settings: StoreSettings

    /// Looks the cart's codes and coupons up in the catalog; `settings` are the store's.
    static func resolve(
        _ cart: Cart, settings: StoreSettings, now: Date, catalog: CatalogSnapshot, cache: OpenSaleCache? = nil
    ) throws(OrderError) -> ResolvedCart {
        guard !cart.items.isEmpty else { throw .emptyCart }
        let decimals = settings.currency.exponent
        let rates: [TaxRateRule]
        do {
            func read() throws -> [TaxRateRule] { try catalog.taxRates().map(TaxRateRule.init) }
            rates = try cache?.taxRates(read) ?? read()
        } catch { throw .storage(StorageError(wrapping: error)) }
        let taxes = TaxCalculator(rates: rates, calculateTaxes: settings.taxes.calculateTaxes,
                                  country: settings.address.country, state: settings.address.state)
        var lines: [TotalsInput.Line] = []
        var info: [LineInfo] = []
        for item in cart.items {
            guard item.quantity > 0 else { throw .invalidQuantity(code: item.code) }
            var line: TotalsInput.Line, lineInfo: LineInfo
            if let manual = item.manual {
                (line, lineInfo) = try resolveManual(item, manual, decimals: decimals, catalog: catalog)
            } else if let cached = cache?.line(for: item.code) {
                (line, lineInfo) = cached
            } else {
                (line, lineInfo) = try resolve(item, decimals: decimals, catalog: catalog)
            }
            if item.manual == nil { cache?.store(line, lineInfo, for: item.code) }
            line.quantity = item.quantity
            line.manualDiscount = .zero
            try measure(item, line: &line, info: &lineInfo, currency: settings.currency)
            lines.append(line)
            info.append(lineInfo)
        }
        try applyDiscounts(cart, to: &lines)
        var input = TotalsInput(lines: lines, fees: cart.fees, decimals: decimals, pricesIncludeTax: settings.taxes.pricesIncludeTax,
            roundAtSubtotal: settings.taxes.roundAtSubtotal, taxes: taxes)
        if !cart.couponCodes.isEmpty {
            if cart.orderDiscount != nil || cart.items.contains(where: { $0.discount != nil }) {
                throw .discountWithCoupon
            }
            var coupons: [CouponRule] = []
            for code in cart.couponCodes {
                let record: CouponRecord?
                do { record = try catalog.coupon(code.lowercased()) } catch { throw .storage(StorageError(wrapping: error)) }
                guard let record else { throw .couponNotFound(code: code) }
                coupons.append(CouponRule(record))
            }
            try CouponValidator(input: input, now: now, currency: settings.currency, format: settings.moneyFormat).validate(coupons)
            input.coupons = coupons
        }
        return ResolvedCart(input: input, info: info, settings: settings)
    }

    private static func resolve(_ item: Cart.Item, decimals: Int, catalog: CatalogSnapshot) throws(OrderError) -> (TotalsInput.Line, LineInfo) {
        do {
            var product: ProductRecord?
            var variation: ProductVariationRecord?
            switch try catalog.lookup(item.code) {
            case .product(let found): product = found
            case .variation(let found, let parent): variation = found; product = parent
            case nil:
                if let id = Int64(item.code) {
                    if let found = try catalog.product(id) {
                        product = found
                    } else if let found = try catalog.variation(id) {
                        variation = found
                        product = try catalog.product(found.productId)
                    }
                }
            }
            guard let product else { throw OrderError.notFound(code: item.code) }
            if variation == nil && product.type != "simple" {
                throw OrderError.notSellable(code: item.code, reason: L10n.tr("error.order.notSellable.variable", ["type": product.type]))
            }
            let price = variation?.price ?? product.price
            let salePrice = variation?.salePrice ?? product.salePrice
            guard variation?.purchasable ?? product.purchasable, let unit = PreciseAmount(decimalText: price) else {
                throw OrderError.notSellable(code: item.code, reason: L10n.tr("error.order.notSellable.noPrice"))
            }
            var taxClass = variation?.taxClass ?? product.taxClass
            if taxClass == "parent" { taxClass = product.taxClass }
            let taxStatus = variation?.taxStatus ?? product.taxStatus
            let line = TotalsInput.Line(
                productId: product.id, variationId: variation?.id,
                categoryIds: Set(try catalog.categoryIds(ofProduct: product.id)),
                quantity: item.quantity, unitPrice: unit, taxable: taxStatus == "taxable", taxClass: taxClass,
                onSale: !salePrice.isEmpty && PreciseAmount(decimalText: salePrice) == unit)
            let info = LineInfo(productId: product.id, variationId: variation?.id,
                                name: variation.map { $0.name.isEmpty ? product.name : $0.name } ?? product.name,
                                sku: variation?.sku ?? product.sku ?? "", taxClass: taxClass,
                                unitPrice: unit.minorUnits(exponent: decimals), soldByWeight: product.soldByWeight)
            return (line, info)
        } catch let error as OrderError {
            throw error
        } catch {
            throw .storage(StorageError(wrapping: error))
        }
    }

    /// Prices a line sold by weight or by a price label: quantity 1, the unit price the weighed or labelled
    /// price; the stored unit price stays per kilogram for a weighed line, beside its weight.
    private static func measure(_ item: Cart.Item, line: inout TotalsInput.Line, info: inout LineInfo,
                                currency: Currency) throws(OrderError) {
        guard let measure = item.measure else {
            if info.soldByWeight {
                throw .notSellable(code: item.code, reason: L10n.tr("error.order.notSellable.byWeight"))
            }
            return
        }
        switch measure {
        case .weight(let grams):
            guard grams > 0 else { throw .invalidQuantity(code: item.code) }
            let weighed = WeighedLine(grams: grams, unitPrice: Money(minorUnits: info.unitPrice, currency: currency))
            line.unitPrice = PreciseAmount(minorUnits: weighed.price.minorUnits, exponent: currency.exponent)
            info.weightGrams = grams
        case .price(let minorUnits):
            guard minorUnits > 0 else { throw .invalidQuantity(code: item.code) }
            line.unitPrice = PreciseAmount(minorUnits: minorUnits, exponent: currency.exponent)
            info.unitPrice = minorUnits
        }
        line.onSale = false
        line.quantity = 1
    }

    /// A manual item: no product, the typed price, taxable in the chosen class (one of the synced ones; WooCommerce
    /// taxes a line without a product by its `tax_class`, as this does).
    private static func resolveManual(
        _ item: Cart.Item, _ manual: Cart.ManualItem, decimals: Int, catalog: CatalogSnapshot
    ) throws(OrderError) -> (TotalsInput.Line, LineInfo) {
        let name = manual.name.trimmingCharacters(in: .whitespaces)
        guard manual.unitPrice > .zero else {
            throw .manualItemNotSellable(name: name, reason: L10n.tr("error.order.notSellable.manualPrice"))
        }
        let slug = manual.taxClass.trimmingCharacters(in: .whitespaces).lowercased()
        let classes: [TaxClassRecord]
        do { classes = try catalog.taxClasses() } catch { throw .storage(StorageError(wrapping: error)) }
        guard slug.isEmpty || slug == "standard" || classes.contains(where: { $0.slug == slug }) else {
            let known = (["standard"] + classes.map(\.slug).filter { $0 != "standard" }).joined(separator: ", ")
            throw .manualItemNotSellable(name: name,
                                         reason: L10n.tr("error.order.notSellable.taxClass", ["taxClass": manual.taxClass, "known": known]))
        }
        let taxClass = slug == "standard" ? "" : slug
        let line = TotalsInput.Line(productId: 0, quantity: item.quantity, unitPrice: manual.unitPrice, taxable: true,
                                    taxClass: taxClass)
        let info = LineInfo(productId: 0, variationId: nil, name: manual.displayName, sku: "", taxClass: taxClass,
                            unitPrice: manual.unitPrice.minorUnits(exponent: decimals), manualItemCode: item.code)
        return (line, info)
    }

    /// Line discounts, then the order discount spread over the lines in proportion to what is left of each.
    private static func applyDiscounts(_ cart: Cart, to lines: inout [TotalsInput.Line]) throws(OrderError) {
        func gross(_ line: TotalsInput.Line) -> PreciseAmount { line.unitPrice.times(Int64(line.quantity)) }
        func amount(_ discount: Cart.Discount, of base: PreciseAmount) throws(OrderError) -> PreciseAmount {
            switch discount {
            case .percent(let percent):
                guard percent > .zero, percent.micros <= 100 * PreciseAmount.scale else { throw .invalidDiscount("\(percent)%") }
                return base.scaled(by: percent.micros, over: 100 * PreciseAmount.scale)
            case .amount(let value):
                guard value > .zero, value <= base else { throw .invalidDiscount(value.description) }
                return value
            }
        }
        for index in lines.indices {
            if let discount = cart.items[index].discount {
                lines[index].manualDiscount = try amount(discount, of: gross(lines[index]))
            }
        }
        guard let discount = cart.orderDiscount else { return }
        let bases = lines.map { gross($0) - $0.manualDiscount }
        let whole = bases.reduce(PreciseAmount.zero, +)
        let total = try amount(discount, of: whole)
        guard whole > .zero else { return }
        var given = PreciseAmount.zero
        for index in lines.indices {
            let share = index == lines.count - 1
                ? total - given : total.scaled(by: bases[index].micros, over: whole.micros)
            lines[index].manualDiscount += share
            given += share
        }
    }
}
