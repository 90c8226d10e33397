import Foundation
import Synchronization

/// What a real WordPress + WooCommerce store costs per request, played by the test server when switched on.
///
/// Calibrated per request kind from the server CPU (php + mariadbd, from /proc) measured on a real store
/// (WordPress 7.0.4, WooCommerce 11.0.1, HPOS, 10,052 products + 500 variations, 2 cores; see
/// ../shared/reference/woocommerce-rest.md, "Measured again on a real store" and "WooCommerce's POS catalog API"):
///
/// | request kind | measured | played |
/// |---|---|---|
/// | any REST request (WordPress bootstrap, auth) | bare `GET products?per_page=1&_fields=id` ~69 ms | 69 ms |
/// | a product in a trimmed page (`_fields`) | 100 trimmed ~216 ms with a 77 ms bare request | +1.4 ms |
/// | a product in a full page | `per_page=100` full ~355 ms median | +2.9 ms |
/// | a product read by id (`include=`) | `include=<25 ids>` trimmed ~121 ms | +2.1 ms |
/// | an order inside `orders/batch` | ~100–115 ms per order (a batch of 25 ≈ 2.7 s) | +107 ms |
/// | an order sent alone (`POST orders`, `PUT orders/{id}`) | ~156 ms in all | +87 ms |
/// | the POS catalog file, generated in the background | 10,551 items in ~28–29 s | 2.67 ms per item |
/// | the catalog file downloaded (a static file, no WordPress) | 5.1 MB in 0.3 s wall | 60 ms per MB |
///
/// The cost is played as service time held on one of `workers` slots (the PHP workers), after the answer is
/// computed and before it is written, so a client sees the store's pace and its ceiling (more requests in flight
/// than workers only queue). The slots sleep rather than spin: on a machine shared with other work a spinning
/// server's pace would follow the machine's load (the real comparison swung from 88% to 55% on a busy machine),
/// while a sleeping one keeps the store's pace and lets the clients be compared. What each request is charged is
/// added to a ledger (``StoreCostLedger``): that is the store CPU a client made the store spend, read between
/// marks (`GET /__test/costs`) by whoever runs one client after another.
public struct StoreCosts: Sendable, Equatable {
    /// Every REST request: WordPress bootstrap and authentication.
    public var perRequestMilliseconds: Double
    /// Each item of a list answer trimmed with `_fields`.
    public var perTrimmedItemMilliseconds: Double
    /// Each item of a full list answer.
    public var perFullItemMilliseconds: Double
    /// Each item of a list asked for by id (`include=`), as a stock read does.
    public var perIncludedItemMilliseconds: Double
    /// Each order created or updated inside `orders/batch`.
    public var perBatchedOrderMilliseconds: Double
    /// An order created or updated alone (`POST orders`, `PUT orders/{id}`), on top of the fixed cost.
    public var perSingleOrderMilliseconds: Double
    /// Each item written into the POS catalog file (in the store's background queue, on a worker).
    public var perCatalogItemMilliseconds: Double
    /// Each megabyte of the catalog file served (a static file: no per-request WordPress cost).
    public var perFileMegabyteMilliseconds: Double
    /// Requests served at once (the store's cores); more queue.
    public var workers: Int

    /// The real store's figures, with one worker per core of this machine.
    public static let storeLike = StoreCosts(
        perRequestMilliseconds: 69, perTrimmedItemMilliseconds: 1.4, perFullItemMilliseconds: 2.9,
        perIncludedItemMilliseconds: 2.1, perBatchedOrderMilliseconds: 107, perSingleOrderMilliseconds: 87,
        perCatalogItemMilliseconds: 1000.0 / 375, perFileMegabyteMilliseconds: 60,
        workers: ProcessInfo.processInfo.activeProcessorCount)

    public init(
        perRequestMilliseconds: Double, perTrimmedItemMilliseconds: Double, perFullItemMilliseconds: Double,
        perIncludedItemMilliseconds: Double? = nil, perBatchedOrderMilliseconds: Double,
        perSingleOrderMilliseconds: Double, perCatalogItemMilliseconds: Double = 1000.0 / 375,
        perFileMegabyteMilliseconds: Double = 60, workers: Int
    ) {
        self.perRequestMilliseconds = perRequestMilliseconds
        self.perTrimmedItemMilliseconds = perTrimmedItemMilliseconds
        self.perFullItemMilliseconds = perFullItemMilliseconds
        self.perIncludedItemMilliseconds = perIncludedItemMilliseconds ?? perTrimmedItemMilliseconds
        self.perBatchedOrderMilliseconds = perBatchedOrderMilliseconds
        self.perSingleOrderMilliseconds = perSingleOrderMilliseconds
        self.perCatalogItemMilliseconds = perCatalogItemMilliseconds
        self.perFileMegabyteMilliseconds = perFileMegabyteMilliseconds
        self.workers = max(1, workers)
    }

    /// The kinds of request the ledger tells apart.
    public enum Kind: String, Sendable, CaseIterable {
        case productPage = "product_page"
        case productsByID = "products_by_id"
        case otherRead = "other_read"
        case orderBatch = "order_batch"
        case singleOrder = "single_order"
        case catalogCreate = "catalog_create"
        case catalogGeneration = "catalog_generation"
        case catalogFile = "catalog_file"
        case otherWrite = "other_write"
        case failed
    }

    /// The service time of one answered REST request, in milliseconds.
    func milliseconds(method: String, route: String, trimmed: Bool, requestBody: [UInt8], response: HTTPResponse) -> Double {
        charge(method: method, route: route, trimmed: trimmed, included: false, requestBody: requestBody,
               response: response).milliseconds
    }

    /// The kind and service time of one answered REST request.
    func charge(
        method: String, route: String, trimmed: Bool, included: Bool, requestBody: [UInt8], response: HTTPResponse
    ) -> (kind: Kind, milliseconds: Double) {
        var cost = perRequestMilliseconds
        guard (200..<300).contains(response.status) else { return (.failed, cost) }
        if method == "GET" {
            let perItem = included
                ? perIncludedItemMilliseconds : trimmed ? perTrimmedItemMilliseconds : perFullItemMilliseconds
            cost += Double(response.itemCount) * perItem
            let kind: Kind = included ? .productsByID : route.hasSuffix("/products") ? .productPage : .otherRead
            return (kind, cost)
        } else if route.hasSuffix("/orders/batch") {
            let orders = (try? JSON(parsing: requestBody)).map { body in
                (body["create"]?.arrayValue?.count ?? 0) + (body["update"]?.arrayValue?.count ?? 0)
            } ?? 0
            cost += Double(orders) * perBatchedOrderMilliseconds
            return (.orderBatch, cost)
        } else if route.hasSuffix("/orders") || route.range(of: #"/orders/\d+$"#, options: .regularExpression) != nil {
            cost += perSingleOrderMilliseconds
            return (.singleOrder, cost)
        } else if route.hasSuffix("/catalog/create") {
            return (.catalogCreate, cost)
        }
        return (.otherWrite, cost)
    }

    /// The service time of serving `bytes` of the catalog file.
    func fileMilliseconds(bytes: Int) -> Double {
        Double(bytes) / 1_000_000 * perFileMegabyteMilliseconds
    }
}

/// What the store has been charged so far, per request kind: the store CPU the clients made it spend.
public struct StoreCostLedger: Sendable, Equatable {
    /// One kind's requests and milliseconds.
    public struct Entry: Sendable, Equatable {
        public var requests = 0
        public var milliseconds = 0.0
    }

    /// Per kind.
    public var entries: [StoreCosts.Kind: Entry] = [:]

    /// Every kind's milliseconds.
    public var totalMilliseconds: Double { entries.values.reduce(0) { $0 + $1.milliseconds } }
    /// Every kind's requests (catalog generations count as one each).
    public var totalRequests: Int { entries.values.reduce(0) { $0 + $1.requests } }

    mutating func add(_ kind: StoreCosts.Kind, _ milliseconds: Double, requests: Int = 1) {
        entries[kind, default: Entry()].requests += requests
        entries[kind, default: Entry()].milliseconds += milliseconds
    }

    var json: JSON {
        .object([
            ("server_cpu_ms", .int(Int64(totalMilliseconds.rounded()))), ("requests", .int(Int64(totalRequests))),
            ("kinds", .object(StoreCosts.Kind.allCases.compactMap { kind in
                entries[kind].map { entry in
                    (kind.rawValue, JSON.object([("requests", .int(Int64(entry.requests))),
                                                 ("server_cpu_ms", .int(Int64(entry.milliseconds.rounded())))]))
                }
            })),
        ])
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
