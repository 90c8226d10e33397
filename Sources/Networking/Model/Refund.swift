import Foundation
import POSFoundation

/// A refund of an order, as `GET /wc/v3/orders/{id}/refunds` returns it.
///
/// A refund payload carries no currency, so ``amount`` is an exact decimal as sent; turn it into money with
/// ``money(in:rounding:)`` using the order's currency. Line items are counted in the currency passed to the
/// mapper (the parent order's), or exponent 2 of an unknown currency when none is given.
public struct Refund: Hashable, Sendable, Decodable {
    public let id: RemoteID
    public let dateCreated: Date?
    /// The refunded amount, positive ("18.00").
    public let amount: ExactDecimal?
    public let reason: String
    /// The user id of who refunded.
    public let refundedBy: RemoteID
    /// Whether the payment gateway refunded the money (`api_refund`).
    public let refundedPayment: Bool
    /// The refunded lines, with negative quantities and amounts.
    public let lineItems: [OrderLineItem]
    public let metaData: [MetaData]

    /// The amount as money in the order's currency.
    public func money(in currency: Currency, rounding: RoundingRule = .halfUp) -> Money? {
        amount.flatMap { try? Money(parsing: $0.description, currency: currency, rounding: .round(rounding)) }
    }

    enum CodingKeys: String, CodingKey {
        case id, amount, reason
        case dateCreated = "date_created", dateCreatedGMT = "date_created_gmt", refundedBy = "refunded_by"
        case refundedPayment = "refunded_payment", lineItems = "line_items", metaData = "meta_data"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let currency = decoder.userInfo[.orderCurrency] as? Currency ?? Currency(code: "XXX", exponent: 2)
        id = try c.requiredID(.id)
        dateCreated = c.lenientDate(.dateCreatedGMT, orLocal: .dateCreated)
        amount = try c.lenientDecimal(.amount)
        reason = c.string(.reason)
        refundedBy = c.lenientInt64(.refundedBy) ?? 0
        refundedPayment = c.bool(.refundedPayment)
        lineItems = try c.scopedArray(.lineItems, of: OrderLineItem.self, currency: currency)
        metaData = c.metaData(.metaData)
    }
}
