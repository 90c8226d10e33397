import Foundation
import Synchronization

/// Writes what a pull fetched while the next requests are already on their way.
///
/// Fetching tasks ``submit(_:)`` decoded pages, which builds their rows there (``CatalogIngestor/prepare(_:)``,
/// in the fetching task, beside the decoding) and returns at once; one writer task takes everything queued (up to
/// ``maximumProductsPerTransaction`` products) and stores it in one transaction with
/// ``CatalogIngestor/store(prepared:)``. So a slow disk never holds a request back, and a fast network turns into
/// large transactions. Writes keep their submission order: a product page is written before the variations
/// of its products that were submitted after it.
public final class CatalogWritePipeline: Sendable {
    /// About this many products (or variations) go into one transaction at most.
    public let maximumProductsPerTransaction: Int

    private struct State {
        var queue: [CatalogIngestor.PreparedWrite] = []
        var finished = false
        var failure: (any Error)?
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let ingestor: CatalogIngestor
    private let state = Mutex(State())
    private let onWritten: @Sendable (CatalogIngestor.Totals) -> Void
    private let writer = Mutex<Task<CatalogIngestor.Totals, any Error>?>(nil)

    /// Starts the writer.
    ///
    /// - Parameters:
    ///   - onWritten: Called after each transaction with what it wrote (for progress).
    public init(
        ingestor: CatalogIngestor, maximumProductsPerTransaction: Int = 10_000,
        onWritten: @escaping @Sendable (CatalogIngestor.Totals) -> Void = { _ in }
    ) {
        self.ingestor = ingestor
        self.maximumProductsPerTransaction = max(1, maximumProductsPerTransaction)
        self.onWritten = onWritten
        let task = Task { [self] in try await self.run() }
        writer.withLock { $0 = task }
    }

    /// Queues a write. - Throws: the writer's error, once it failed (nothing more is written then).
    public func submit(_ write: CatalogIngestor.Write) throws {
        if let failure = state.withLock({ $0.failure }) { throw failure }
        let write = ingestor.prepare(write)
        let waiter = try state.withLock { state -> CheckedContinuation<Void, Never>? in
            if let failure = state.failure { throw failure }
            state.queue.append(write)
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Waits until everything submitted is written. - Returns: The totals of every transaction.
    @discardableResult
    public func finish() async throws -> CatalogIngestor.Totals {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.finished = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
        guard let task = writer.withLock({ $0 }) else { return CatalogIngestor.Totals() }
        return try await task.value
    }

    /// Stops the writer without waiting for what is queued (a failed or cancelled pull).
    public func cancel() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.finished = true
            state.queue.removeAll()
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    private func run() async throws -> CatalogIngestor.Totals {
        var totals = CatalogIngestor.Totals()
        while let batch = await next() {
            do {
                let written = try await ingestor.store(prepared: batch)
                totals.products += written.products
                totals.removed += written.removed
                totals.variations += written.variations
                totals.variableProducts += written.variableProducts
                onWritten(written)
            } catch {
                state.withLock {
                    $0.failure = error
                    $0.queue.removeAll()
                }
                throw error
            }
        }
        return totals
    }

    /// The next writes to store together, or `nil` once finished and empty.
    private func next() async -> [CatalogIngestor.PreparedWrite]? {
        while true {
            enum Step { case batch([CatalogIngestor.PreparedWrite]), done, wait }
            let step = state.withLock { state -> Step in
                if !state.queue.isEmpty {
                    var count = 0
                    var taken = 0
                    for write in state.queue {
                        count += write.rowCount
                        taken += 1
                        if count >= maximumProductsPerTransaction { break }
                    }
                    let batch = Array(state.queue.prefix(taken))
                    state.queue.removeFirst(taken)
                    return .batch(batch)
                }
                return state.finished ? .done : .wait
            }
            switch step {
            case .batch(let batch): return batch
            case .done: return nil
            case .wait:
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let resumeNow = state.withLock { state -> Bool in
                        if !state.queue.isEmpty || state.finished { return true }
                        state.waiter = continuation
                        return false
                    }
                    if resumeNow { continuation.resume() }
                }
            }
        }
    }
}
