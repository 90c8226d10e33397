import Foundation
import Storage

/// One outbox entry as the sync screen and `pos sync` show it.
public struct OutboxItem: Sendable, Hashable, Codable {
    /// The outbox entry's id (for `--retry` and `--discard`).
    public var id: Int64
    /// The local order it belongs to, if any.
    public var orderId: Int64?
    /// `createOrder`, `markPaid`…
    public var kind: String
    /// `pending`, `inFlight`, `parked` or `done`.
    public var state: String
    /// How many times it was sent.
    public var attemptCount: Int
    /// When it may be tried next (backoff); `nil` means now.
    public var nextAttemptAt: Date?
    /// The last failure, for the sync screen.
    public var lastError: String?
    /// Why the server refused it, when parked.
    public var parkedReason: String?

    /// Creates an item from its parts (for screens and tests).
    public init(id: Int64, orderId: Int64?, kind: String, state: String, attemptCount: Int, nextAttemptAt: Date? = nil,
                lastError: String? = nil, parkedReason: String? = nil) {
        self.id = id
        self.orderId = orderId
        self.kind = kind
        self.state = state
        self.attemptCount = attemptCount
        self.nextAttemptAt = nextAttemptAt
        self.lastError = lastError
        self.parkedReason = parkedReason
    }

    /// The item of an outbox record.
    public init(_ record: OutboxRecord) {
        id = record.id ?? 0
        orderId = record.orderId
        kind = record.kind.rawValue
        state = record.state.rawValue
        attemptCount = record.attemptCount
        nextAttemptAt = record.nextAttemptAt
        lastError = record.lastError
        parkedReason = record.parkedReason
    }
}
