import Foundation
import POSFoundation
import Storage

extension SaleService {
    /// The order an open sale would write if it were paid now, not stored: its lines, coupons, fees and taxes from
    /// the one calculator, for the receipt preview before payment.
    func draftOrder(saleId: Int64) async throws(OrderError) -> OrderRecordDetail {
        let sale = try await load(id: saleId)
        guard !sale.cart.items.isEmpty else { throw .emptyCart }
        let (resolved, totals) = try await price(sale.cart)
        let builder = SaleBuilder(cart: resolved, totals: totals, customerId: sale.cart.customerId, note: sale.cart.note)
        return builder.detail(clientUUID: sale.clientUUID, localNumber: 0, now: environment.now())
    }
}
