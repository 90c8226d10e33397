/// Pulls the catalog from the store into the local database.
public enum CatalogSyncAction: Action {
    public typealias Failure = CatalogError

    /// Syncs the store settings, then the catalog: incremental when possible, full when `full` or on first sync.
    ///
    /// `progress` (from `AsyncStream.makeStream()`) receives the progress and is finished when the sync ends.
    case synchronize(
        full: Bool,
        progress: AsyncStream<CatalogSyncProgress>.Continuation?,
        reply: Reply<CatalogSyncReport>
    )
}
