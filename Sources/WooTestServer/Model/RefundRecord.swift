import Foundation

/// A refund of an order (`wc/v3/orders/{id}/refunds`).
public struct RefundRecord: Sendable {
    /// A refunded line: which order line, how many, and how much.
    public struct Line: Sendable {
        /// The refund line id.
        public var id: Int64
        /// The order line it refunds.
        public var refundedItemID: Int64
        /// The product.
        public var productID: Int64
        /// The name.
        public var name: String
        /// The quantity refunded (positive here, negative in JSON).
        public var quantity: Int64
        /// The refunded total excluding tax (positive here, negative in JSON).
        public var total: Fixed
        /// The refunded tax.
        public var totalTax: Fixed
    }

    /// The id.
    public var id: Int64
    /// The order.
    public var orderID: Int64
    /// The amount refunded.
    public var amount: Fixed
    /// The reason.
    public var reason: String
    /// The user who refunded.
    public var refundedBy: Int64
    /// Whether the gateway refunded the money (`api_refund`).
    public var refundedPayment: Bool
    /// Refunded lines.
    public var lines: [Line]
    /// When it was created.
    public var dateCreated: Date
    /// `meta_data`.
    public var metaData: [MetaDatum] = []

    func json(decimals d: Int) -> JSON {
        .object([
            ("id", .int(id)), ("date_created", WooDate.json(dateCreated)),
            ("date_created_gmt", WooDate.json(dateCreated)), ("amount", .string(amount.formatted(d))),
            ("reason", .string(reason)), ("refunded_by", .int(refundedBy)),
            ("refunded_payment", .bool(refundedPayment)), ("meta_data", .array(metaData.map(\.json))),
            ("line_items", .array(lines.map { line in
                .object([
                    ("id", .int(line.id)), ("name", .string(line.name)), ("product_id", .int(line.productID)),
                    ("variation_id", .int(0)), ("quantity", .int(-line.quantity)), ("tax_class", .string("")),
                    ("subtotal", .string((-line.total).formatted(d))),
                    ("subtotal_tax", .string((-line.totalTax).formatted(d))),
                    ("total", .string((-line.total).formatted(d))),
                    ("total_tax", .string((-line.totalTax).formatted(d))), ("taxes", .array([])),
                    ("meta_data", .array([MetaDatum(id: line.id, key: "_refunded_item_id",
                                                    value: .string(String(line.refundedItemID))).json])),
                    ("sku", .string("")), ("price", .number("0")),
                ])
            })),
        ])
    }
}
