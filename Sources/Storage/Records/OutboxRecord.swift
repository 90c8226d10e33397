import Foundation
import GRDB

/// One mutation waiting to reach the server, in order: create an order, mark it paid, add a note, refund…
///
/// The sender takes the oldest due ``State/pending`` entry, marks it ``State/inFlight``, and then either
/// ``State/done``, back to pending with a later ``nextAttemptAt`` (backoff), or ``State/parked`` with a reason
/// for a person. Entries are never dropped silently. `id` is AUTOINCREMENT, so ids are never reused.
public struct OutboxRecord: Codable, Hashable, Sendable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "outbox"
    public static let order = belongsTo(OrderRecord.self)

    /// What the entry asks the server to do. An open set: new kinds need no migration.
    public struct Kind: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(from decoder: any Decoder) throws {
            rawValue = try decoder.singleValueContainer().decode(String.self)
        }
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }
        public var description: String { rawValue }

        /// A completed sale's order, created paid (the one entry a sale writes).
        public static let createOrder = Kind(rawValue: "createOrder")
        /// A refund of a synced order.
        public static let createRefund = Kind(rawValue: "createRefund")
        /// Written only by versions before the checkout (v7), which created an order unpaid and marked it paid, set
        /// its status or added a note after: nothing writes them now, and the sync still sends such an entry left
        /// pending in an older data directory rather than parking it for a person.
        public static let markPaid = Kind(rawValue: "markPaid")
        public static let addNote = Kind(rawValue: "addNote")
        public static let updateOrderStatus = Kind(rawValue: "updateOrderStatus")
    }

    /// Where an entry stands.
    public enum State: String, Codable, Hashable, Sendable {
        case pending
        case inFlight
        case done
        case parked
    }

    public var id: Int64?
    /// The local order this entry is about, if any.
    public var orderId: Int64?
    /// What kind of entity ``entityId`` names ("order", "refund"…).
    public var entityType: String
    public var entityId: String?
    public var kind: Kind
    /// The request body or parameters as JSON text.
    public var payload: String
    public var state: State
    public var attemptCount: Int
    /// When the entry may be tried next; `nil` means now.
    public var nextAttemptAt: Date?
    public var lastError: String?
    /// Why the server refused the entry, for ``State/parked`` entries.
    public var parkedReason: String?
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: Int64? = nil, orderId: Int64? = nil, entityType: String = "order", entityId: String? = nil, kind: Kind,
        payload: String = "{}", state: State = .pending, attemptCount: Int = 0, nextAttemptAt: Date? = nil,
        lastError: String? = nil, parkedReason: String? = nil, createdAt: Date, updatedAt: Date? = nil
    ) {
        self.id = id
        self.orderId = orderId
        self.entityType = entityType
        self.entityId = entityId
        self.kind = kind
        self.payload = payload
        self.state = state
        self.attemptCount = attemptCount
        self.nextAttemptAt = nextAttemptAt
        self.lastError = lastError
        self.parkedReason = parkedReason
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// The table's columns, for requests.
    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let orderId = Column(CodingKeys.orderId)
        public static let kind = Column(CodingKeys.kind)
        public static let state = Column(CodingKeys.state)
        public static let nextAttemptAt = Column(CodingKeys.nextAttemptAt)
        public static let createdAt = Column(CodingKeys.createdAt)
    }
}
