import Foundation
import GRDB

/// When a resource (products, customers, taxes…) was last synced, so the next pull can be incremental.
public struct SyncStateRecord: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "syncState"

    /// The resource's name, such as "products" or "variations:42".
    public var resource: String
    /// When the last incremental (`modified_after`) sync finished.
    public var lastIncrementalSyncAt: Date?
    /// When the last full sync (with reconciliation of deletions) finished.
    public var lastFullSyncAt: Date?
    /// The largest server `date_modified_gmt` seen: the next `modified_after` value.
    public var highWaterMark: Date?

    public init(
        resource: String, lastIncrementalSyncAt: Date? = nil, lastFullSyncAt: Date? = nil, highWaterMark: Date? = nil
    ) {
        self.resource = resource
        self.lastIncrementalSyncAt = lastIncrementalSyncAt
        self.lastFullSyncAt = lastFullSyncAt
        self.highWaterMark = highWaterMark
    }

    /// The table's columns, for requests.
    public enum Columns {
        public static let resource = Column(CodingKeys.resource)
        public static let lastIncrementalSyncAt = Column(CodingKeys.lastIncrementalSyncAt)
        public static let lastFullSyncAt = Column(CodingKeys.lastFullSyncAt)
        public static let highWaterMark = Column(CodingKeys.highWaterMark)
    }
}

extension SyncStateRecord {
    /// The state of `resource`, or an empty one if it was never synced.
    public static func find(_ resource: String, in db: Database) throws -> SyncStateRecord {
        try SyncStateRecord.fetchOne(db, key: resource) ?? SyncStateRecord(resource: resource)
    }
}
