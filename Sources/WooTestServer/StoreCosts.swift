import Foundation
import Synchronization

/// What a real WordPress + WooCommerce store costs per request, played by the test server when switched on.
///
/// Taken from a real store (WordPress 7.0.4, WooCommerce 11.0.1, HPOS, ~10k products, on loopback; two days'
/// figures, see ../shared/reference/woocommerce-rest.md): a fixed 38–77 ms per request (WordPress bootstrap),
/// 0.85–1.4 ms per product in a trimmed (`_fields`) page and 1.3–3.1 ms in a full one, ~80 ms per order inside a
/// batch and ~156 ms for an order sent alone, as many requests at once as the machine has cores, and
/// `Connection: close` on every answer. The defaults are the middle of those ranges: the ratios matter more than
/// the absolute values.
///
/// The cost is played as service time held on one of `workers` slots (the PHP workers), after the answer is
/// computed and before it is written, so a client sees the store's pace and its ceiling (more requests in flight
/// than workers only queue). The slots sleep rather than spin, so the benchmark's figures do not depend on what
/// else the machine runs.
public struct StoreCosts: Sendable, Equatable {
    /// Every REST request: WordPress bootstrap and authentication.
    public var perRequestMilliseconds: Double
    /// Each item of a list answer trimmed with `_fields`.
    public var perTrimmedItemMilliseconds: Double
    /// Each item of a full list answer.
    public var perFullItemMilliseconds: Double
    /// Each order created or updated inside `orders/batch`.
    public var perBatchedOrderMilliseconds: Double
    /// An order created or updated alone (`POST orders`, `PUT orders/{id}`), on top of the fixed cost.
    public var perSingleOrderMilliseconds: Double
    /// Requests served at once (the store's cores); more queue.
    public var workers: Int

    /// The real store's figures (the middle of each measured range), with one worker per core of this machine.
    public static let storeLike = StoreCosts(
        perRequestMilliseconds: 55, perTrimmedItemMilliseconds: 1.1, perFullItemMilliseconds: 2.2,
        perBatchedOrderMilliseconds: 80, perSingleOrderMilliseconds: 101,
        workers: ProcessInfo.processInfo.activeProcessorCount)

    public init(
        perRequestMilliseconds: Double, perTrimmedItemMilliseconds: Double, perFullItemMilliseconds: Double,
        perBatchedOrderMilliseconds: Double, perSingleOrderMilliseconds: Double, workers: Int
    ) {
        self.perRequestMilliseconds = perRequestMilliseconds
        self.perTrimmedItemMilliseconds = perTrimmedItemMilliseconds
        self.perFullItemMilliseconds = perFullItemMilliseconds
        self.perBatchedOrderMilliseconds = perBatchedOrderMilliseconds
        self.perSingleOrderMilliseconds = perSingleOrderMilliseconds
        self.workers = max(1, workers)
    }

    /// The service time of one answered REST request, in milliseconds.
    func milliseconds(method: String, route: String, trimmed: Bool, requestBody: [UInt8], response: HTTPResponse) -> Double {
        var cost = perRequestMilliseconds
        guard (200..<300).contains(response.status) else { return cost }
        if method == "GET" {
            cost += Double(response.itemCount) * (trimmed ? perTrimmedItemMilliseconds : perFullItemMilliseconds)
        } else if route.hasSuffix("/orders/batch") {
            let orders = (try? JSON(parsing: requestBody)).map { body in
                (body["create"]?.arrayValue?.count ?? 0) + (body["update"]?.arrayValue?.count ?? 0)
            } ?? 0
            cost += Double(orders) * perBatchedOrderMilliseconds
        } else if route.hasSuffix("/orders") || route.range(of: #"/orders/\d+$"#, options: .regularExpression) != nil {
            cost += perSingleOrderMilliseconds
        }
        return cost
    }
}

/// The store's worker slots: a request holds one for its service time, first come first served.
///
/// Each slot is booked until an instant; a request takes the slot free soonest, books it for its cost from then
/// (or from now, when it is already free) and sleeps until the booking ends. No thread is held meanwhile.
final class StoreWorkers: Sendable {
    private let slots: Mutex<[ContinuousClock.Instant]>

    init(count: Int) {
        slots = Mutex(Array(repeating: .now, count: max(1, count)))
    }

    /// Holds a slot for `milliseconds` (waiting for one first when all are busy).
    func serve(milliseconds: Double) async {
        guard milliseconds > 0 else { return }
        let cost = Duration.microseconds(Int64(min(milliseconds, 60_000) * 1000))
        let done = slots.withLock { slots -> ContinuousClock.Instant in
            let now = ContinuousClock.now
            guard let soonest = slots.indices.min(by: { slots[$0] < slots[$1] }) else { return now }
            slots[soonest] = max(now, slots[soonest]) + cost
            return slots[soonest]
        }
        // A stopping server cancels the wait and answers at once.
        try? await Task.sleep(until: done, clock: .continuous)
    }
}
