import Foundation

extension OrderWriter {
    /// `WC_Order::payment_complete`: for an order that is pending, on hold, failed or cancelled, sets the
    /// transaction id, the paid date and processing (or completed when nothing needs processing) and reduces
    /// stock once. Other statuses (already paid, drafts) are left alone, as in WooCommerce.
    func paymentComplete(_ order: inout OrderRecord, transactionID: String?, state: inout StoreState) {
        guard ["on-hold", "pending", "failed", "cancelled"].contains(order.status) else { return }
        if let transactionID, !transactionID.isEmpty { order.transactionID = transactionID }
        if order.datePaid == nil { order.datePaid = context.now }
        let previous = order.status
        let needsProcessing = order.lineItems.contains { item in
            guard let product = state.products[item.variationID != 0 ? item.variationID : item.productID] else {
                return true
            }
            return !(product.virtual && product.downloadable)
        }
        order.status = needsProcessing ? "processing" : "completed"
        if order.status != previous { statusChanged(&order, from: previous, state: &state) }
        reduceStock(&order, state: &state)
    }

    /// Side effects of a status change: stock, dates and a system note, as WooCommerce's status hooks do.
    func statusChanged(_ order: inout OrderRecord, from previous: String, state: inout StoreState) {
        guard order.status != previous else { return }
        switch order.status {
        case "processing", "completed", "on-hold":
            reduceStock(&order, state: &state)
            if order.status != "on-hold", order.datePaid == nil { order.datePaid = context.now }
            if order.status == "completed" { order.dateCompleted = context.now }
        case "cancelled", "pending":
            restoreStock(&order, state: &state)
        default:
            break
        }
        guard order.id != 0, previous != order.status else { return }
        state.notes.append(NoteRecord(
            id: state.newCommentID(), orderID: order.id,
            note: "Order status changed from \(Self.label(previous)) to \(Self.label(order.status)).",
            customerNote: false, author: "system", dateCreated: context.now))
    }

    /// `wc_reduce_stock_levels`: once per order, managed products only, may go negative.
    func reduceStock(_ order: inout OrderRecord, state: inout StoreState) {
        guard !order.stockReduced else { return }
        order.stockReduced = true
        adjustStock(order, sign: -1, state: &state)
    }

    /// `wc_increase_stock_levels` when a paid order is cancelled or put back to pending.
    func restoreStock(_ order: inout OrderRecord, state: inout StoreState) {
        guard order.stockReduced else { return }
        order.stockReduced = false
        adjustStock(order, sign: 1, state: &state)
    }

    private func adjustStock(_ order: OrderRecord, sign: Int64, state: inout StoreState) {
        for item in order.lineItems where item.quantity > 0 {
            let id = item.variationID != 0 ? item.variationID : item.productID
            guard var product = state.products[id] else { continue }
            let sold = sign < 0 ? item.quantity : -item.quantity
            product.totalSales = Fixed.saturatingAdd(product.totalSales, sold)
            if product.parentID != 0, let parent = state.products[product.parentID] {
                state.products[product.parentID]?.totalSales = Fixed.saturatingAdd(parent.totalSales, sold)
            }
            guard product.manageStock else {
                state.products[id] = product
                continue
            }
            let quantity = Fixed.saturatingAdd(product.stockQuantity ?? 0, sign * item.quantity)
            product.stockQuantity = quantity
            product.dateModified = context.now
            state.products[id] = product
            state.stockLog.append(StoreState.StockChange(productID: id, orderID: order.id,
                                                         delta: sign * item.quantity, newQuantity: quantity))
        }
    }

    static func label(_ status: String) -> String {
        switch status {
        case "pending": "Pending payment"
        case "on-hold": "On hold"
        case "auto-draft", "checkout-draft": "Draft"
        default: status.prefix(1).uppercased() + status.dropFirst()
        }
    }
}
