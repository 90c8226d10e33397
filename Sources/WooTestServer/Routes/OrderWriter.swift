import Foundation

/// Creates and updates orders: posted fields, lines, status changes, payment and stock.
struct OrderWriter {
    /// The largest line quantity accepted (keeps integer amounts far from overflow).
    static let maximumQuantity: Int64 = 1_000_000

    let context: RouteContext

    private var now: Date { context.now }

    /// `POST /orders`.
    func create(_ body: JSON, into state: inout StoreState) throws(RESTError) -> OrderRecord {
        let status = try validStatus(body["status"]?.stringValue ?? "pending")
        var order = OrderRecord(
            id: 0, status: status, currency: body["currency"]?.stringValue ?? state.settings.currency,
            pricesIncludeTax: state.settings.pricesIncludeTax,
            orderKey: "wc_order_" + String(UInt64.random(in: 0...UInt64.max), radix: 36),
            dateCreated: now, dateModified: now
        )
        try apply(body, to: &order, state: &state, creating: true)
        order.id = state.newPostID()
        statusChanged(&order, from: "pending", state: &state)
        if body["set_paid"]?.boolValue == true {
            paymentComplete(&order, transactionID: body["transaction_id"]?.stringValue, state: &state)
        }
        state.orders[order.id] = order
        return order
    }

    /// `POST|PUT /orders/{id}`.
    func update(_ id: Int64, _ body: JSON, in state: inout StoreState) throws(RESTError) -> OrderRecord {
        guard var order = state.orders[id] else { throw RESTError.invalidID("shop_order") }
        let previousStatus = order.status
        var postedStatus: String?
        if let status = body["status"]?.stringValue { postedStatus = try validStatus(status) }
        try apply(body, to: &order, state: &state, creating: false)
        if let postedStatus { order.status = postedStatus }
        if order.status != previousStatus { statusChanged(&order, from: previousStatus, state: &state) }
        if body["set_paid"]?.boolValue == true, order.needsPayment {
            paymentComplete(&order, transactionID: body["transaction_id"]?.stringValue, state: &state)
        }
        order.dateModified = now
        state.orders[id] = order
        return order
    }

    // MARK: - Fields

    private func validStatus(_ status: String) throws(RESTError) -> String {
        let status = status.hasPrefix("wc-") ? String(status.dropFirst(3)) : status
        guard OrderRecord.validStatuses.contains(status) else {
            throw RESTError.invalidParam("status", "status is not one of \(OrderRecord.validStatuses.sorted().joined(separator: ", "))")
        }
        return status
    }

    private func apply(_ body: JSON, to order: inout OrderRecord, state: inout StoreState,
                       creating: Bool) throws(RESTError) {
        if let customerID = body["customer_id"]?.intValue {
            guard customerID == 0 || state.customers[customerID] != nil else {
                throw RESTError(400, "woocommerce_rest_invalid_customer_id", "Customer ID is invalid.")
            }
            order.customerID = customerID
        }
        if let note = body["customer_note"]?.stringValue { order.customerNote = note }
        if let method = body["payment_method"]?.stringValue { order.paymentMethod = method }
        if let title = body["payment_method_title"]?.stringValue { order.paymentMethodTitle = title }
        if let transaction = body["transaction_id"]?.stringValue { order.transactionID = transaction }
        order.billing = Address.merge(body["billing"], into: order.billing)
        order.shipping = Address.merge(body["shipping"], into: order.shipping)
        state.mergeMeta(body["meta_data"], into: &order.metaData)

        let recalculate = creating || ["line_items", "fee_lines", "shipping_lines", "coupon_lines", "billing",
                                       "shipping"].contains { body[$0] != nil }
        for posted in body["line_items"]?.arrayValue ?? [] {
            try applyLineItem(posted, to: &order, state: &state)
        }
        for posted in body["fee_lines"]?.arrayValue ?? [] {
            try applyFee(posted, to: &order, state: &state)
        }
        for posted in body["shipping_lines"]?.arrayValue ?? [] {
            let id = posted["id"]?.intValue
            if let id, posted["method_id"] == .null {
                order.shippingLines.removeAll { $0.id == id }
                continue
            }
            let total = try amount(posted["total"], name: "shipping_lines") ?? .zero
            if let id, let index = order.shippingLines.firstIndex(where: { $0.id == id }) {
                order.shippingLines[index].total = total
                if let title = posted["method_title"]?.stringValue { order.shippingLines[index].methodTitle = title }
            } else {
                order.shippingLines.append(OrderRecord.ShippingLine(
                    id: state.newItemID(), methodID: posted["method_id"]?.stringValue ?? "flat_rate",
                    methodTitle: posted["method_title"]?.stringValue ?? "Shipping", total: total))
            }
        }
        for posted in body["coupon_lines"]?.arrayValue ?? [] {
            let code = posted["code"]?.stringValue?.lowercased() ?? ""
            if let id = posted["id"]?.intValue, code.isEmpty {
                order.couponLines.removeAll { $0.id == id }
                continue
            }
            guard !code.isEmpty else {
                throw RESTError(400, "woocommerce_rest_invalid_coupon", "Coupon code is required.")
            }
            guard state.settings.enableCoupons else {
                throw RESTError(400, "woocommerce_rest_invalid_coupon", "Coupons are disabled.")
            }
            guard state.coupons.values.contains(where: { $0.code == code }) else {
                throw RESTError(400, "woocommerce_rest_invalid_coupon", "Coupon \"\(code)\" does not exist!")
            }
            if !order.couponLines.contains(where: { $0.code == code }) {
                order.couponLines.append(OrderRecord.CouponLine(id: state.newItemID(), code: code))
            }
        }
        if recalculate {
            let taxes = TaxCalculator(rates: state.taxRates, settings: state.settings)
            OrderCalculator(taxes: taxes, settings: state.settings, coupons: Array(state.coupons.values))
                .calculate(&order)
            var nextTaxLineID = state.newItemID()
            for index in order.taxLines.indices where order.taxLines[index].id == 0 {
                order.taxLines[index].id = nextTaxLineID
                nextTaxLineID = state.newItemID()
            }
        }
    }

    private func amount(_ value: JSON?, name: String) throws(RESTError) -> Fixed? {
        guard let value, value != .null else { return nil }
        guard let text = value.stringValue, let amount = Fixed(parsing: text) else {
            throw RESTError.invalidParam(name, "\(name) total is not a valid amount")
        }
        return amount
    }

    private func applyLineItem(_ posted: JSON, to order: inout OrderRecord, state: inout StoreState) throws(RESTError) {
        let quantity = posted["quantity"].map { $0.intValue } ?? 1
        guard let quantity, (0...OrderWriter.maximumQuantity).contains(quantity) else {
            throw RESTError.invalidParam("line_items", "quantity must be a whole number from 0 to \(OrderWriter.maximumQuantity)")
        }
        var existingIndex: Int?
        if let id = posted["id"]?.intValue, id != 0 {
            guard let index = order.lineItems.firstIndex(where: { $0.id == id }) else {
                throw RESTError(400, "woocommerce_rest_invalid_item_id", "Order item ID provided is not associated with order.")
            }
            if posted["quantity"] != nil, quantity == 0 {
                order.lineItems.remove(at: index)
                return
            }
            existingIndex = index
        } else if quantity == 0 {
            return
        }
        var item = existingIndex.map { order.lineItems[$0] } ?? OrderRecord.LineItem(
            id: state.newItemID(), name: "", productID: 0, variationID: 0, quantity: quantity, taxClass: "",
            taxStatus: "taxable", sku: "", catalogPrice: nil)
        if posted["quantity"] != nil { item.quantity = quantity }

        var product: ProductRecord?
        if let variationID = posted["variation_id"]?.intValue, variationID != 0 {
            product = state.products[variationID]
        } else if let productID = posted["product_id"]?.intValue, productID != 0 {
            product = state.products[productID]
        } else if let sku = posted["sku"]?.stringValue, !sku.isEmpty {
            product = state.products.values.first { $0.sku == sku }
        }
        if let product, product.type == "variable" {
            throw RESTError(400, "order_item_product_invalid_variation_id",
                            "Product \(product.id) is variable: a variation_id is required.")
        }
        if let product {
            let parent = product.parentID == 0 ? nil : state.products[product.parentID]
            item.name = product.name
            item.productID = parent?.id ?? product.id
            item.variationID = parent == nil ? 0 : product.id
            item.sku = product.sku
            item.taxClass = product.taxClass == "parent" ? (parent?.taxClass ?? "") : product.taxClass
            item.taxStatus = product.taxStatus == "taxable" ? "taxable" : "none"
            item.catalogPrice = Fixed(parsing: product.price) ?? .zero
        }
        if let name = posted["name"]?.stringValue { item.name = name }
        if let taxClass = posted["tax_class"]?.stringValue { item.taxClass = taxClass == "standard" ? "" : taxClass }
        if let subtotal = try amount(posted["subtotal"], name: "line_items") { item.postedSubtotal = subtotal }
        if let total = try amount(posted["total"], name: "line_items") { item.postedTotal = total }
        state.mergeMeta(posted["meta_data"], into: &item.metaData)
        if let existingIndex { order.lineItems[existingIndex] = item } else { order.lineItems.append(item) }
    }

    private func applyFee(_ posted: JSON, to order: inout OrderRecord, state: inout StoreState) throws(RESTError) {
        let id = posted["id"]?.intValue
        if let id, posted["name"] == .null {
            order.feeLines.removeAll { $0.id == id }
            return
        }
        let total = try amount(posted["total"], name: "fee_lines")
        if let id, let index = order.feeLines.firstIndex(where: { $0.id == id }) {
            if let total { order.feeLines[index].total = total }
            if let name = posted["name"]?.stringValue { order.feeLines[index].name = name }
            if let status = posted["tax_status"]?.stringValue { order.feeLines[index].taxStatus = status }
            if let taxClass = posted["tax_class"]?.stringValue { order.feeLines[index].taxClass = taxClass }
            return
        }
        order.feeLines.append(OrderRecord.FeeLine(
            id: state.newItemID(), name: posted["name"]?.stringValue ?? "Fee",
            taxClass: posted["tax_class"]?.stringValue ?? "", taxStatus: posted["tax_status"]?.stringValue ?? "taxable",
            total: total ?? .zero))
    }
}
