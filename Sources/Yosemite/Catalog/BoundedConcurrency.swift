/// Runs work on many items with at most a given number at a time.
enum BoundedConcurrency {
    /// Calls `body` for each item, at most `limit` at once; the first error cancels the rest and is rethrown.
    /// With an `executor` (the network's ``Network/preferredTaskExecutor``), each call runs there.
    static func forEach<Item: Sendable>(
        _ items: [Item], limit: Int, on executor: (any TaskExecutor)? = nil,
        _ body: @escaping @Sendable (Item) async throws -> Void
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            var iterator = items.makeIterator()
            for _ in 0..<max(1, limit) {
                guard let item = iterator.next() else { break }
                group.addTask(executorPreference: executor) { try await body(item) }
            }
            while try await group.next() != nil {
                if let item = iterator.next() { group.addTask(executorPreference: executor) { try await body(item) } }
            }
        }
    }
}
