import POSFoundation
import Storage

/// A sale recorded at this counter, with its lines, fees, coupons, taxes, payments and outbox entries.
public struct LocalOrder: Hashable, Sendable {
    /// Everything stored for the order.
    public var detail: OrderRecordDetail

    public init(detail: OrderRecordDetail) { self.detail = detail }

    public var record: OrderRecord { detail.order }
    public var id: Int64 { detail.order.id ?? 0 }
    public var localNumber: Int64 { detail.order.localNumber }
    public var clientUUID: ClientUUID { detail.order.clientUUID }
    public var currency: Currency { detail.order.currency }
    public var total: Money { detail.order.totalMoney }
    /// Why the server refused it, when an outbox entry is parked.
    public var parkedReason: String? { detail.outbox.first { $0.state == .parked }?.parkedReason }
    /// The order's amounts as money.
    public func money(_ minorUnits: Int64) -> Money { detail.order.money(minorUnits) }
}

/// A completed sale: the order and the cash movement.
public struct Sale: Hashable, Sendable {
    public var order: LocalOrder
    public var tendered: Money
    public var change: Money
    /// The shift this sale opened because none was open (float 0), if it did.
    public var openedShiftId: Int64?

    public init(order: LocalOrder, tendered: Money, change: Money, openedShiftId: Int64? = nil) {
        self.order = order
        self.tendered = tendered
        self.change = change
        self.openedShiftId = openedShiftId
    }
}
