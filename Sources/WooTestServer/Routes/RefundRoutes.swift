import Foundation

/// `wc/v3/orders/{id}/refunds`.
///
/// A refund may not exceed what is left of the order total; `api_refund` (default true) needs a gateway that
/// supports refunds (`pos_card` here; `cod` and `bacs` do not, as in WooCommerce). A fully refunded order
/// becomes `refunded`.
enum RefundRoutes {
    static func register(in router: inout Router) {
        router.add(["GET"], "wc/v3/orders/{id}/refunds") { state, context, ids in
            guard state.orders[ids[0]] != nil else { throw RESTError.invalidID("shop_order") }
            let refunds = state.refunds.filter { $0.orderID == ids[0] }.sorted { $0.id > $1.id }
            let decimals = state.settings.numberOfDecimals
            return try context.page(refunds) { $0.json(decimals: decimals) }
        }
        router.add(["GET"], "wc/v3/orders/{id}/refunds/{id}") { state, context, ids in
            guard let refund = state.refunds.first(where: { $0.orderID == ids[0] && $0.id == ids[1] }) else {
                throw RESTError.invalidID("shop_order_refund")
            }
            return context.respond(200, refund.json(decimals: state.settings.numberOfDecimals))
        }
        router.add(["POST"], "wc/v3/orders/{id}/refunds") { state, context, ids in
            try create(&state, context, orderID: ids[0])
        }
    }

    private static func failure(_ message: String) -> RESTError {
        RESTError(500, "woocommerce_rest_cannot_create_order_refund", message)
    }

    private static func create(_ state: inout StoreState, _ context: RouteContext,
                               orderID: Int64) throws(RESTError) -> HTTPResponse {
        guard var order = state.orders[orderID] else { throw RESTError.invalidID("shop_order") }
        let decimals = state.settings.numberOfDecimals
        var lines: [RefundRecord.Line] = []
        var linesTotal = Fixed.zero
        for posted in context.body["line_items"]?.arrayValue ?? [] {
            guard let itemID = posted["id"]?.intValue,
                  let item = order.lineItems.first(where: { $0.id == itemID }) else {
                throw RESTError(400, "woocommerce_rest_invalid_item_id", "Invalid line item ID.")
            }
            let total = posted["refund_total"]?.stringValue.flatMap(Fixed.init(parsing:)) ?? .zero
            let tax = (posted["refund_tax"]?.arrayValue ?? []).reduce(Fixed.zero) {
                $0 + ($1["refund_total"]?.stringValue.flatMap(Fixed.init(parsing:)) ?? .zero)
            }
            lines.append(RefundRecord.Line(id: state.newItemID(), refundedItemID: itemID, productID: item.productID,
                                           name: item.name, quantity: min(max(posted["quantity"]?.intValue ?? 0, 0), OrderWriter.maximumQuantity),
                                           total: total, totalTax: tax))
            linesTotal += total + tax
        }
        let amount: Fixed
        if let text = context.string("amount") {
            guard let parsed = Fixed(parsing: text) else { throw RESTError.invalidParam("amount", "amount is not a number") }
            amount = parsed.rounded(decimals)
        } else {
            amount = linesTotal.rounded(decimals)
        }
        guard amount > .zero else { throw RESTError(400, "woocommerce_rest_invalid_order_refund", "Refund amount must be greater than zero.") }
        let refunded = state.refunds.filter { $0.orderID == orderID }.reduce(Fixed.zero) { $0 + $1.amount }
        let remaining = order.total - refunded
        guard amount <= remaining else { throw failure("Invalid refund amount.") }
        let apiRefund = context.bool("api_refund") ?? true
        if apiRefund, !["pos_card"].contains(order.paymentMethod) {
            throw failure("The payment gateway for this order does not support automatic refunds.")
        }
        var refund = RefundRecord(id: state.newPostID(), orderID: orderID, amount: amount,
                                  reason: context.string("reason") ?? "", refundedBy: context.user?.id ?? 0,
                                  refundedPayment: apiRefund, lines: lines, dateCreated: context.now)
        state.mergeMeta(context.body["meta_data"], into: &refund.metaData)
        state.refunds.append(refund)
        let writer = OrderWriter(context: context)
        if amount == remaining, order.status != "refunded" {
            let previous = order.status
            order.status = "refunded"
            writer.statusChanged(&order, from: previous, state: &state)
        }
        state.notes.append(NoteRecord(
            id: state.newCommentID(), orderID: orderID,
            note: "Refunded \(amount.formatted(decimals)) \(order.currency)" + (refund.reason.isEmpty ? "." : " – \(refund.reason)"),
            customerNote: false, author: "system", dateCreated: context.now))
        order.dateModified = context.now
        state.orders[orderID] = order
        return context.respond(201, refund.json(decimals: decimals))
    }
}
