import Foundation
import GRDB
import POSFoundation

/// A sale recorded at this counter: saved locally first, then synced to WooCommerce through the outbox.
///
/// Amounts are minor units of ``currency``, which the order's lines, fees, coupon lines and tax lines share.
/// `id` is the local row id (set on insert); ``remoteId`` and ``remoteNumber`` arrive once the server has the
/// order. ``serverTotal`` holds the server's total after sync so a difference is flagged, never hidden.
public struct OrderRecord: Codable, Hashable, Sendable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "order"
    public static let lines = hasMany(OrderLineRecord.self).order(OrderLineRecord.Columns.position)
    public static let fees = hasMany(OrderFeeRecord.self)
    public static let coupons = hasMany(OrderCouponRecord.self)
    public static let taxes = hasMany(OrderTaxRecord.self)
    public static let payments = hasMany(PaymentRecord.self)

    /// Where the sale stands (migration `v17-sale-is-order`): the order exists from the sale's first priced edit.
    public enum State: String, Codable, Hashable, Sendable, CaseIterable {
        /// Being rung up or paid.
        case open
        /// Put aside with a name, to resume later.
        case parked
        /// Paid in full: its outbox entry exists.
        case completed
        /// Abandoned; its lines and any cash taken are kept for the record.
        case voided
    }

    /// A manual discount as rung up: a percentage or an amount, in millionths (Yosemite's `PreciseAmount`).
    public enum DiscountKind: String, Codable, Hashable, Sendable {
        case percent, amount
    }

    /// Where an order stands with the server.
    public enum SyncState: String, Codable, Hashable, Sendable {
        /// Kept on this counter only (a draft, or a cart not yet checked out).
        case local
        /// Waiting in the outbox.
        case pending
        /// The server has it (``OrderRecord/remoteId`` is set).
        case synced
        /// The server refused it; a person must look at the outbox entry's reason.
        case parked
    }

    /// The local row id; `nil` until inserted.
    public var id: Int64?
    /// The identity sent in `meta_data`, unique across counters.
    public var clientUUID: ClientUUID
    /// The counter's own sequential number, printed on receipts before the server's number is known.
    public var localNumber: Int64
    /// The WooCommerce status: "pending", "processing", "completed", "cancelled", "refunded"…
    public var status: String
    public var currencyCode: String
    public var currencyExponent: Int
    public var pricesIncludeTax: Bool
    /// The sum of line subtotals (before discounts).
    public var subtotal: Int64
    public var discountTotal: Int64
    public var discountTax: Int64
    public var feeTotal: Int64
    public var totalTax: Int64
    public var total: Int64
    /// The WooCommerce customer id; `nil` for a guest.
    public var customerId: Int64?
    public var customerNote: String
    /// The sale time (sent to the server in meta: `date_created` is read-only there).
    public var createdAt: Date
    public var updatedAt: Date
    public var remoteId: Int64?
    public var remoteNumber: String?
    public var syncState: SyncState
    /// The total the server computed, in minor units, once synced.
    public var serverTotal: Int64?
    /// The register it was sold on (its receipt number is `registerId-localNumber`), if the counter had one.
    public var registerId: String?
    /// The cashier who sold it, as the sale was made.
    public var cashier: String?
    /// Its Bon's number in its register's receipt series (printed `registerId-000123`), taken when the sale
    /// completed; `nil` only for an order not yet completed by the checkout.
    public var receiptNumber: Int64?
    /// The sale's lifecycle.
    public var state: State = .completed
    /// The parked name ("Table 4", or the next number).
    public var parkedName: String?
    /// The shift the sale was completed in.
    public var shiftId: Int64?
    /// The TSE client the sale's TSE transaction was started by; the finish uses the same.
    public var tseClient: String?
    /// How many items the sale holds (the sum of quantities), for lists.
    public var itemCount: Int = 0
    /// The cart's own manual discount, as rung up.
    public var discountKind: DiscountKind?
    public var discountMicros: Int64?
    /// `false` only for a cart migration `v17-sale-is-order` moved without prices: the checkout prices it next.
    public var priced: Bool = true
    /// How many times the sale was written (each named sale write adds one): what its owner read is current while
    /// the stored revision is the one it read.
    public var revision: Int64 = 0
    /// A training sale (migration `v18-training`): rung up while the register was in training. Never sent to the
    /// store, numbered in the register's training series, signed as `AVTraining`, not in the takings.
    public var training: Bool = false

    public init(
        id: Int64? = nil, clientUUID: ClientUUID, localNumber: Int64, status: String = "pending",
        currency: Currency, pricesIncludeTax: Bool, subtotal: Int64 = 0, discountTotal: Int64 = 0,
        discountTax: Int64 = 0, feeTotal: Int64 = 0, totalTax: Int64 = 0, total: Int64 = 0, customerId: Int64? = nil,
        customerNote: String = "", createdAt: Date, updatedAt: Date? = nil, remoteId: Int64? = nil,
        remoteNumber: String? = nil, syncState: SyncState = .pending, serverTotal: Int64? = nil,
        registerId: String? = nil, cashier: String? = nil
    ) {
        self.id = id
        self.clientUUID = clientUUID
        self.localNumber = localNumber
        self.status = status
        self.currencyCode = currency.code
        self.currencyExponent = currency.exponent
        self.pricesIncludeTax = pricesIncludeTax
        self.subtotal = subtotal
        self.discountTotal = discountTotal
        self.discountTax = discountTax
        self.feeTotal = feeTotal
        self.totalTax = totalTax
        self.total = total
        self.customerId = customerId
        self.customerNote = customerNote
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
        self.remoteId = remoteId
        self.remoteNumber = remoteNumber
        self.syncState = syncState
        self.serverTotal = serverTotal
        self.registerId = registerId
        self.cashier = cashier
        self.receiptNumber = nil
    }

    /// The order's currency.
    public var currency: Currency { Currency(code: currencyCode, exponent: currencyExponent) }
    /// An amount of this order's minor units as `Money`.
    public func money(_ minorUnits: Int64) -> Money { Money(minorUnits: minorUnits, currency: currency) }
    /// The local total as `Money`.
    public var totalMoney: Money { money(total) }
    /// Whether the server computed a different total than the counter did.
    public var hasServerTotalMismatch: Bool { serverTotal.map { $0 != total } ?? false }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// The table's columns, for requests.
    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let clientUUID = Column(CodingKeys.clientUUID)
        public static let localNumber = Column(CodingKeys.localNumber)
        public static let status = Column(CodingKeys.status)
        public static let createdAt = Column(CodingKeys.createdAt)
        public static let remoteId = Column(CodingKeys.remoteId)
        public static let syncState = Column(CodingKeys.syncState)
        public static let total = Column(CodingKeys.total)
        public static let serverTotal = Column(CodingKeys.serverTotal)
        public static let state = Column(CodingKeys.state)
        public static let parkedName = Column(CodingKeys.parkedName)
        public static let updatedAt = Column(CodingKeys.updatedAt)
        public static let shiftId = Column(CodingKeys.shiftId)
        public static let training = Column(CodingKeys.training)
    }
}
