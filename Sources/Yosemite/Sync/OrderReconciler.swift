import Localization
import Networking
import POSFoundation
import Storage

/// Checks an order the server created against what the counter sent and sold.
///
/// WooCommerce accepts an unknown or deleted `product_id` and creates the order with an empty 0.00 line, so
/// every sent product line must come back with its product; totals and tax are compared in minor units.
enum OrderReconciler {
    /// What is wrong with the created order, as a reason to park its entry, or `nil` when its lines match.
    static func lineProblem(sent body: JSONValue, created order: Order) -> String? {
        let sentLines = body["line_items"]?.arrayValue ?? []
        var returned = order.lineItems.map { ($0.productID, $0.variationID) }
        var missing: [String] = []
        for line in sentLines {
            let productID = line["product_id"]?.int64Value ?? 0
            let variationID = line["variation_id"]?.int64Value ?? 0
            guard productID != 0 || variationID != 0 else { continue }
            let index = returned.firstIndex { returnedLine in
                variationID != 0
                    ? returnedLine.1 == variationID
                    : returnedLine.0 == productID || returnedLine.1 == productID
            }
            if let index {
                returned.remove(at: index)
            } else {
                missing.append(variationID != 0 ? L10n.tr("sync.parked.variation", ["id": String(variationID)])
                                                 : L10n.tr("sync.parked.product", ["id": String(productID)]))
            }
        }
        guard !missing.isEmpty else { return nil }
        return L10n.tr("sync.parked.emptyLine", ["number": order.number, "id": String(order.id),
                                                 "missing": missing.joined(separator: ", ")])
    }

    /// The mismatch between the counter's and the server's totals, or `nil` when they agree.
    static func mismatch(local: OrderRecord, server: Order) -> TotalMismatch? {
        let serverTotal = server.total.minorUnits
        let serverTax = server.totalTax.minorUnits
        guard serverTotal != local.total || serverTax != local.totalTax, let id = local.id else { return nil }
        return TotalMismatch(
            orderId: id, remoteId: server.id, remoteNumber: server.number, currencyCode: local.currencyCode,
            localTotal: local.total, serverTotal: serverTotal, localTax: local.totalTax, serverTax: serverTax)
    }
}
