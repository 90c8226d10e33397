import Foundation
import Synchronization

/// A WooCommerce-compatible HTTP server with real in-memory state and fault injection, for tests.
///
/// ```swift
/// let server = WooTestServer()
/// server.seedDemoStore()
/// server.addUser(username: "cashier", applicationPassword: "abcd efgh", role: .shopManager)
/// let baseURL = try server.start()      // http://127.0.0.1:PORT
/// defer { server.stop() }
/// ```
///
/// ## Topics
/// - Controls: ``mode``, ``prettyPermalinks``, ``globalLatencyMilliseconds``, ``faults``
/// - State: ``orders()``, ``order(id:)``, ``products()``, ``stockQuantity(productID:)``, ``requestLog``
public final class WooTestServer: Sendable {
    /// What kind of site the server pretends to be.
    public enum Mode: String, Sendable, CaseIterable {
        /// WordPress with WooCommerce active.
        case wooCommerce
        /// WordPress without WooCommerce: `wc/…` routes answer `rest_no_route`.
        case wordPressWithoutWooCommerce
        /// Any other web server: every path is a 404 HTML page.
        case notWordPress
    }

    /// How the server starts.
    public struct Configuration: Sendable {
        /// The port (0 = an ephemeral one).
        public var port: UInt16
        /// The clock for `date_created` / `date_modified`.
        public var now: @Sendable () -> Date

        /// A configuration with a port and a clock.
        public init(port: UInt16 = 0, now: @escaping @Sendable () -> Date = { Date() }) {
            self.port = port
            self.now = now
        }
    }

    /// One handled request, for assertions.
    public struct LoggedRequest: Sendable, Equatable {
        /// The method.
        public var method: String
        /// The REST route (`/wc/v3/orders`) or, outside the REST API, the raw path.
        public var path: String
        /// The query string as received (decoded).
        public var query: String
        /// The status sent (0 when the connection was reset before any response).
        public var status: Int
        /// Whether the response was lost or cut by a fault.
        public var delivery: HTTPResponse.Delivery
    }

    struct Controls: Sendable {
        var mode = Mode.wooCommerce
        var prettyPermalinks = true
        var latencyMilliseconds = 0
        var baseURL = ""
        var clockOffset: TimeInterval = 0
        var storeCosts: StoreCosts?
        var workers: StoreWorkers?
    }

    struct Log: Sendable {
        var entries: [LoggedRequest] = []
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    /// The WooCommerce version the server reports.
    public static let wooCommerceVersion = "9.9.0"

    /// Pending injected faults.
    public let faults = FaultInjector()

    let configuration: Configuration
    let state = Mutex(StoreState())
    let controls = Mutex(Controls())
    let log = Mutex(Log())
    /// What ``storeCosts`` charged so far, per request kind.
    let ledger = Mutex(StoreCostLedger())
    /// The POS catalog API's generations and files.
    let feeds = Mutex(CatalogFeeds())
    let router: Router
    private let http = Mutex<HTTPServer?>(nil)

    /// A server that is not listening yet, with an empty store and no users.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        self.router = WooTestServer.makeRouter()
    }

    /// Starts listening on 127.0.0.1 and returns the base URL (`http://127.0.0.1:PORT`).
    ///
    /// - Throws: when the port cannot be bound.
    @discardableResult
    public func start() throws -> URL {
        let server = HTTPServer { [weak self] request in
            await self?.handle(request) ?? HTTPResponse(status: 503)
        }
        let port = try server.start(port: configuration.port)
        let base = "http://127.0.0.1:\(port)"
        controls.withLock { $0.baseURL = base }
        http.withLock { $0 = server }
        guard let url = URL(string: base) else { throw RESTError(500, "bad_url", base) }
        return url
    }

    /// Closes the listener and every open connection.
    public func stop() {
        feeds.withLock { $0.task?.cancel() }
        let server = http.withLock { server -> HTTPServer? in
            defer { server = nil }
            return server
        }
        server?.stop()
    }

    /// The base URL once started.
    public var baseURL: URL? {
        let text = controls.withLock { $0.baseURL }
        return text.isEmpty ? nil : URL(string: text)
    }

    /// The site mode (settable while running).
    public var mode: Mode {
        get { controls.withLock { $0.mode } }
        set { controls.withLock { $0.mode = newValue } }
    }

    /// Whether `/wp-json/…` works; when false only `?rest_route=` does (plain permalinks).
    public var prettyPermalinks: Bool {
        get { controls.withLock { $0.prettyPermalinks } }
        set { controls.withLock { $0.prettyPermalinks = newValue } }
    }

    /// Latency added to every REST request, in milliseconds.
    public var globalLatencyMilliseconds: Int {
        get { controls.withLock { $0.latencyMilliseconds } }
        set { controls.withLock { $0.latencyMilliseconds = max(0, newValue) } }
    }

    /// Store-like costs played on every REST request (``StoreCosts``), or `nil` for none (the default).
    public var storeCosts: StoreCosts? {
        get { controls.withLock { $0.storeCosts } }
        set {
            controls.withLock {
                $0.storeCosts = newValue
                $0.workers = newValue.map { StoreWorkers(count: $0.workers) }
            }
        }
    }

    /// The store CPU charged so far under ``storeCosts`` (per request kind): read it before and after a client
    /// runs for that client's share.
    public var storeCostLedger: StoreCostLedger {
        ledger.withLock { $0 }
    }

    /// The server's current time (the configured clock plus any offset set through `/__test/clock`).
    var now: Date {
        configuration.now().addingTimeInterval(controls.withLock { $0.clockOffset })
    }
}
