import GRDB

extension AppDatabase {
    /// Observes a value: the first one at once, then a new one after each commit that changes it.
    ///
    /// ```swift
    /// for try await count in database.observe({ db in try OutboxRecord.pendingCount(in: db) }) {
    ///     presenter.showUnsynced(count)
    /// }
    /// ```
    ///
    /// The sequence ends when the iterating task is cancelled. It throws GRDB's `DatabaseError`.
    public func observe<Value: Sendable & Equatable>(
        _ fetch: @escaping @Sendable (Database) throws -> Value
    ) -> AsyncValueObservation<Value> {
        ValueObservation.tracking(fetch).removeDuplicates().values(in: reader)
    }
}
