import Foundation
import Storage

/// Which orders a history lists: Yosemite's value of Storage's `OrderHistoryFilter`, for modules that see only
/// Yosemite.
public struct OrderQuery: Hashable, Sendable {
    /// A local number, a server number, a client UUID (or its prefix), or a customer id.
    public var text: String?
    public var customerId: Int64?
    /// Sales at or after this time.
    public var from: Date?
    /// Sales before this time.
    public var to: Date?
    /// Only orders the server does not have yet (pending or parked).
    public var unsyncedOnly: Bool
    /// Only orders with a line sold as a manual item (a code the catalog lacked), for the merchant to review.
    public var forReviewOnly: Bool = false
    public var limit: Int

    public init(text: String? = nil, customerId: Int64? = nil, from: Date? = nil, to: Date? = nil,
                unsyncedOnly: Bool = false, limit: Int = 100) {
        self.text = text
        self.customerId = customerId
        self.from = from
        self.to = to
        self.unsyncedOnly = unsyncedOnly
        self.limit = limit
    }

    /// The query as Storage's filter.
    var filter: OrderHistoryFilter {
        var filter = OrderHistoryFilter(text: text, customerId: customerId, from: from, to: to, unsyncedOnly: unsyncedOnly,
                                        limit: limit)
        filter.forReviewOnly = forReviewOnly
        return filter
    }
}
