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

    /// ``observe(_:)`` as a plain stream, for modules that do not import GRDB (its iterator is GRDB's): the value
    /// now and after every change, until cancelled or the observation fails.
    public func changes<Value: Sendable & Equatable>(
        _ fetch: @escaping @Sendable (Database) throws -> Value
    ) -> AsyncThrowingStream<Value, any Error> {
        let observation = observe(fetch)
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await value in observation { continuation.yield(value) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
