import Foundation
import POSFoundation

/// A WooCommerce order, as `GET /wc/v3/orders/{id}` returns it.
///
/// Every amount, in the order and in its lines, is ``Money`` in ``currency``. The currency's exponent is the
/// number of decimals of the `total` text (WooCommerce writes every amount with the store's decimals, which may
/// differ from ISO 4217), or the ISO exponent when `total` has no dot. Dates come from the `*_gmt` fields when
/// present, else from the local ones read as UTC.
///
/// ## Topics
/// - ``lineItems``
/// - ``taxLines``
/// - ``clientUUID``
public struct Order: Hashable, Sendable, Decodable {
    public let id: RemoteID
    public let parentID: RemoteID
    public let number: String
    public let orderKey: String
    public let status: OrderStatus
    /// The currency with the store's exponent (see the type's discussion).
    public let currency: Currency
    public let pricesIncludeTax: Bool
    public let customerID: RemoteID
    public let customerNote: String
    public let dateCreated: Date?
    public let dateModified: Date?
    /// When the order was paid (set by `set_paid` or a gateway); nil while unpaid.
    public let datePaid: Date?
    public let dateCompleted: Date?
    public let discountTotal: Money
    public let discountTax: Money
    public let shippingTotal: Money
    public let shippingTax: Money
    public let cartTax: Money
    public let total: Money
    public let totalTax: Money
    public let paymentMethod: String
    public let paymentMethodTitle: String
    public let transactionID: String
    public let billing: Address
    public let shipping: Address
    public let lineItems: [OrderLineItem]
    public let taxLines: [OrderTaxLine]
    public let feeLines: [OrderFeeLine]
    public let couponLines: [OrderCouponLine]
    public let shippingLines: [OrderShippingLine]
    public let refunds: [OrderRefundSummary]
    public let metaData: [MetaData]

    /// The meta key under which a counter stores its client UUID.
    public static let clientUUIDMetaKey = "_pos_client_uuid"

    /// The client UUID a counter put in `meta_data`, if any.
    public var clientUUID: ClientUUID? {
        metaData.value(forKey: Order.clientUUIDMetaKey)?.stringValue.flatMap(ClientUUID.init(string:))
    }

    /// Whether the order is paid (a payment date, or a paid status).
    public var isPaid: Bool { datePaid != nil || status.isPaid }

    enum CodingKeys: String, CodingKey {
        case id, number, status, currency, total, billing, shipping, refunds
        case parentID = "parent_id", orderKey = "order_key", pricesIncludeTax = "prices_include_tax"
        case customerID = "customer_id", customerNote = "customer_note"
        case dateCreated = "date_created", dateCreatedGMT = "date_created_gmt"
        case dateModified = "date_modified", dateModifiedGMT = "date_modified_gmt"
        case datePaid = "date_paid", datePaidGMT = "date_paid_gmt"
        case dateCompleted = "date_completed", dateCompletedGMT = "date_completed_gmt"
        case discountTotal = "discount_total", discountTax = "discount_tax"
        case shippingTotal = "shipping_total", shippingTax = "shipping_tax", cartTax = "cart_tax"
        case totalTax = "total_tax", paymentMethod = "payment_method", paymentMethodTitle = "payment_method_title"
        case transactionID = "transaction_id", lineItems = "line_items", taxLines = "tax_lines"
        case feeLines = "fee_lines", couponLines = "coupon_lines", shippingLines = "shipping_lines"
        case metaData = "meta_data"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let currency = OrderAmounts.currency(code: c.string(.currency), totalText: c.lenientString(.total))
        self.currency = currency
        id = try c.requiredID(.id)
        parentID = c.lenientInt64(.parentID) ?? 0
        number = c.lenientString(.number) ?? String(id)
        orderKey = c.string(.orderKey)
        status = OrderStatus(slug: c.lenientString(.status) ?? "pending")
        pricesIncludeTax = c.bool(.pricesIncludeTax)
        customerID = c.lenientInt64(.customerID) ?? 0
        customerNote = c.string(.customerNote)
        dateCreated = c.lenientDate(.dateCreatedGMT, orLocal: .dateCreated)
        dateModified = c.lenientDate(.dateModifiedGMT, orLocal: .dateModified)
        datePaid = c.lenientDate(.datePaidGMT, orLocal: .datePaid)
        dateCompleted = c.lenientDate(.dateCompletedGMT, orLocal: .dateCompleted)
        discountTotal = try c.money(.discountTotal, in: currency)
        discountTax = try c.money(.discountTax, in: currency)
        shippingTotal = try c.money(.shippingTotal, in: currency)
        shippingTax = try c.money(.shippingTax, in: currency)
        cartTax = try c.money(.cartTax, in: currency)
        total = try c.money(.total, in: currency)
        totalTax = try c.money(.totalTax, in: currency)
        paymentMethod = c.string(.paymentMethod)
        paymentMethodTitle = c.string(.paymentMethodTitle)
        transactionID = c.string(.transactionID)
        billing = try c.lenientObject(.billing) ?? Address()
        shipping = try c.lenientObject(.shipping) ?? Address()
        lineItems = try c.scopedArray(.lineItems, of: OrderLineItem.self, currency: currency)
        taxLines = try c.scopedArray(.taxLines, of: OrderTaxLine.self, currency: currency)
        feeLines = try c.scopedArray(.feeLines, of: OrderFeeLine.self, currency: currency)
        couponLines = try c.scopedArray(.couponLines, of: OrderCouponLine.self, currency: currency)
        shippingLines = try c.scopedArray(.shippingLines, of: OrderShippingLine.self, currency: currency)
        refunds = try c.scopedArray(.refunds, of: OrderRefundSummary.self, currency: currency)
        metaData = c.metaData(.metaData)
    }
}
