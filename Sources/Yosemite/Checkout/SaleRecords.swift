import Foundation
import POSFoundation
import Storage

/// The sale as Storage keeps it, once: its order and the order's lines carry both what was rung up (codes,
/// quantities, discounts, weights, labelled and typed prices, coupons, fees, customer, note) and what it costs. These
/// are the two directions between that record and the checkout's ``Cart``; nothing else encodes a cart.
enum SaleRecords {
    /// The header's identity is the stored sale's (the write keeps it); this only fills the value.
    private static let placeholder = ClientUUID(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))

    /// The cart a stored sale was rung up with.
    static func cart(of stored: StoredSale) -> Cart {
        let currency = stored.order.currency
        let items = stored.lines.map { line in
            var measure: Cart.Measure?
            if let grams = line.weightGrams {
                measure = .weight(grams: grams)
            } else if let price = line.labelPrice {
                measure = .price(minorUnits: price)
            }
            let manual = line.manualUnitMicros.map {
                Cart.ManualItem(name: line.name, unitPrice: PreciseAmount(micros: $0), taxClass: line.taxClass)
            }
            return Cart.Item(code: line.code, quantity: line.quantity,
                             discount: discount(line.discountKind, line.discountMicros), measure: measure, manual: manual)
        }
        let fees = stored.fees.map { fee in
            Cart.Fee(name: fee.name,
                     amount: fee.amountMicros.map { PreciseAmount(micros: $0) }
                        ?? PreciseAmount(minorUnits: fee.total, exponent: currency.exponent),
                     taxable: fee.taxStatus != "none", taxClass: fee.taxClass)
        }
        return Cart(items: items, couponCodes: stored.coupons.map(\.code),
                    orderDiscount: discount(stored.order.discountKind, stored.order.discountMicros), fees: fees,
                    customerId: stored.order.customerId, note: stored.order.customerNote)
    }

    /// The records to store for `cart` as priced (`nil`: an empty cart, nothing to price).
    static func priced(_ cart: Cart, _ priced: (ResolvedCart, OrderTotals)?, currency: Currency) -> PricedSale {
        var detail: OrderRecordDetail
        if let (resolved, totals) = priced {
            let builder = SaleBuilder(cart: resolved, totals: totals, customerId: cart.customerId, note: cart.note)
            detail = builder.detail(clientUUID: Self.placeholder, localNumber: 0, now: .distantPast)
        } else {
            detail = OrderRecordDetail(order: OrderRecord(
                clientUUID: Self.placeholder, localNumber: 0, currency: currency, pricesIncludeTax: false,
                customerId: cart.customerId, customerNote: cart.note, createdAt: .distantPast))
        }
        for (index, item) in cart.items.enumerated() where detail.lines.indices.contains(index) {
            detail.lines[index].code = item.code
            (detail.lines[index].discountKind, detail.lines[index].discountMicros) = columns(item.discount)
            if case .price(let minorUnits) = item.measure { detail.lines[index].labelPrice = minorUnits }
            detail.lines[index].manualUnitMicros = item.manual?.unitPrice.micros
        }
        for (index, fee) in cart.fees.enumerated() where detail.fees.indices.contains(index) {
            detail.fees[index].amountMicros = fee.amount.micros
        }
        (detail.order.discountKind, detail.order.discountMicros) = columns(cart.orderDiscount)
        detail.order.itemCount = SaleService.count(cart)
        return detail
    }

    private static func discount(_ kind: OrderRecord.DiscountKind?, _ micros: Int64?) -> Cart.Discount? {
        guard let kind, let micros else { return nil }
        switch kind {
        case .percent: return .percent(PreciseAmount(micros: micros))
        case .amount: return .amount(PreciseAmount(micros: micros))
        }
    }

    private static func columns(_ discount: Cart.Discount?) -> (OrderRecord.DiscountKind?, Int64?) {
        switch discount {
        case .percent(let value): (.percent, value.micros)
        case .amount(let value): (.amount, value.micros)
        case nil: (nil, nil)
        }
    }
}
