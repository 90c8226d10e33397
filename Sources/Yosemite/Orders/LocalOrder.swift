import Foundation
import Localization
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

    // MARK: Values for modules that see only Yosemite (the counter)

    /// One line as a person reads it.
    public struct Line: Hashable, Sendable {
        public var name: String
        public var quantity: Int
        /// What the line comes to, tax included.
        public var amount: Money
    }

    /// One payment as a person reads it.
    public struct Payment: Hashable, Sendable {
        /// "cash", "card" or "other".
        public var method: String
        public var amount: Money
    }

    /// When the order was created on this counter.
    public var createdAt: Date { detail.order.createdAt }
    /// Its sync state with the store: "pending", "synced" or "parked".
    public var syncState: String { detail.order.syncState.rawValue }
    /// Its sync state in the screen's words; in the demo store, whose sales are never sent, "demo" rather than a
    /// "pending" that would wait for ever.
    public func syncWord(inDemo: Bool) -> String {
        L10n.word(.syncState, inDemo && detail.order.syncState == .pending ? "demo" : syncState)
    }
    /// The store's order number, once synced.
    public var remoteNumber: String? { detail.order.remoteNumber }
    /// Its lines, in order.
    public var lines: [Line] {
        detail.lines.map { Line(name: $0.name, quantity: $0.quantity, amount: money($0.total + $0.totalTax)) }
    }
    /// How many items its lines hold.
    public var itemCount: Int { detail.lines.reduce(0) { $0 + $1.quantity } }
    /// The codes of the coupons applied.
    public var couponCodes: [String] { detail.coupons.map(\.code) }
    /// Its payments, oldest first.
    public var payments: [Payment] {
        detail.payments.map { Payment(method: $0.method.rawValue, amount: $0.amountMoney) }
    }
}

/// A completed sale: the order and the cash movement.
public struct Sale: Hashable, Sendable {
    public var order: LocalOrder
    public var tendered: Money
    public var change: Money
    /// The shift this sale opened because none was open (float 0), if it did.
    public var openedShiftId: Int64?
    /// The receipt issued when the sale completed (stored, printed as the register's setting says).
    public var receipt: IssuedReceipt?

    public init(order: LocalOrder, tendered: Money, change: Money, openedShiftId: Int64? = nil) {
        self.order = order
        self.tendered = tendered
        self.change = change
        self.openedShiftId = openedShiftId
    }
}

extension OrderRecord {
    /// An amount as the customer reads it on the receipt and in `pos sell`: with its tax where the store's prices
    /// include tax, net otherwise.
    public func shown(_ net: Int64, tax: Int64) -> Int64 { pricesIncludeTax ? net + tax : net }
}
