import POSFoundation

/// The writable fields of an order, for `POST wc/v3/orders` (create) and `POST wc/v3/orders/{id}` (update).
///
/// Only the fields that are set go into the body. Amounts are written with the money's own decimals.
///
/// ```swift
/// var fields = OrderFields(status: .pending, currency: "EUR")
/// fields.lineItems = [.init(productID: 12, quantity: 2)]
/// fields.metaData = [MetaData(key: Order.clientUUIDMetaKey, value: .string(uuid.description))]
/// let order = try await OrdersRemote(network: network).createOrder(fields)
/// ```
public struct OrderFields: Hashable, Sendable {
    /// A product line. For an update, set ``id`` to change an existing line (quantity 0 removes it).
    public struct LineItem: Hashable, Sendable {
        public var id: RemoteID?
        public var productID: RemoteID?
        public var variationID: RemoteID?
        public var quantity: Int
        /// Overrides of the line amounts (before and after discounts, tax excluded); nil lets WooCommerce compute.
        public var subtotal: Money?
        public var total: Money?
        public var metaData: [MetaData]
        /// The line's name and tax class, for a line without a product (a manual item).
        public var name: String?
        public var taxClass: String?

        public init(id: RemoteID? = nil, productID: RemoteID? = nil, variationID: RemoteID? = nil, quantity: Int,
                    subtotal: Money? = nil, total: Money? = nil, metaData: [MetaData] = []) {
            self.id = id
            self.productID = productID
            self.variationID = variationID
            self.quantity = quantity
            self.subtotal = subtotal
            self.total = total
            self.metaData = metaData
        }

        var json: JSONValue {
            var members: [String: JSONValue] = ["quantity": .int(Int64(quantity))]
            if let id { members["id"] = .int(id) }
            if let productID { members["product_id"] = .int(productID) }
            if let variationID, variationID != 0 { members["variation_id"] = .int(variationID) }
            if let subtotal { members["subtotal"] = .string(subtotal.decimalString) }
            if let total { members["total"] = .string(total.decimalString) }
            if !metaData.isEmpty { members["meta_data"] = .array(metaData.map(\.json)) }
            if let name { members["name"] = .string(name) }
            if let taxClass { members["tax_class"] = .string(taxClass) }
            return .object(members)
        }
    }

    /// A fee line (a custom amount). `taxStatus` is "taxable" or "none".
    public struct FeeLine: Hashable, Sendable {
        public var id: RemoteID?
        public var name: String
        public var total: Money
        public var taxStatus: String
        public var taxClass: String

        public init(id: RemoteID? = nil, name: String, total: Money, taxStatus: String = "none", taxClass: String = "") {
            self.id = id
            self.name = name
            self.total = total
            self.taxStatus = taxStatus
            self.taxClass = taxClass
        }

        var json: JSONValue {
            var members: [String: JSONValue] = [
                "name": .string(name), "total": .string(total.decimalString), "tax_status": .string(taxStatus),
                "tax_class": .string(taxClass),
            ]
            if let id { members["id"] = .int(id) }
            return .object(members)
        }
    }

    public var status: OrderStatus?
    public var currency: String?
    public var customerID: RemoteID?
    public var customerNote: String?
    public var billing: Address?
    public var shipping: Address?
    public var lineItems: [LineItem]?
    public var feeLines: [FeeLine]?
    /// Coupon codes to apply.
    public var couponCodes: [String]?
    public var metaData: [MetaData]?
    /// Marks the order paid (reduces stock and sets `date_paid`); harmless to repeat on an update.
    public var setPaid: Bool?
    public var transactionID: String?
    public var paymentMethod: String?
    public var paymentMethodTitle: String?

    public init(status: OrderStatus? = nil, currency: String? = nil) {
        self.status = status
        self.currency = currency
    }

    /// The JSON body.
    public var json: JSONValue {
        var members: [String: JSONValue] = [:]
        if let status { members["status"] = .string(status.slug) }
        if let currency { members["currency"] = .string(currency) }
        if let customerID { members["customer_id"] = .int(customerID) }
        if let customerNote { members["customer_note"] = .string(customerNote) }
        if let billing { members["billing"] = billing.json }
        if let shipping { members["shipping"] = shipping.json }
        if let lineItems { members["line_items"] = .array(lineItems.map(\.json)) }
        if let feeLines { members["fee_lines"] = .array(feeLines.map(\.json)) }
        if let couponCodes { members["coupon_lines"] = .array(couponCodes.map { ["code": .string($0)] }) }
        if let metaData { members["meta_data"] = .array(metaData.map(\.json)) }
        if let setPaid { members["set_paid"] = .bool(setPaid) }
        if let transactionID { members["transaction_id"] = .string(transactionID) }
        if let paymentMethod { members["payment_method"] = .string(paymentMethod) }
        if let paymentMethodTitle { members["payment_method_title"] = .string(paymentMethodTitle) }
        return .object(members)
    }
}
