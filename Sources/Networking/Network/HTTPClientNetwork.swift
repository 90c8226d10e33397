import AsyncHTTPClient
import Foundation
import Localization
import Logging
import NIOCore
import NIOFoundationEssentialsCompat
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix
import POSFoundation
import Synchronization

/// The live ``Network``: AsyncHTTPClient (SwiftNIO), signed with an application password.
///
/// One process-wide client keeps a pool of keep-alive connections per host (reused when the server allows it)
/// and verifies TLS against the system's trust store. Each request has a deadline of `timeout`; a refused
/// connection fails at once instead of being retried inside the pool, so the sync's own backoff decides.
/// URLSession on Linux (swift-corelibs-foundation over libcurl) spent ~120 ms of CPU per request in
/// epoll/poll/ioctl churn; this client spends well under a millisecond (docs/performance.md).
///
/// Sites without pretty permalinks answer `/wp-json/…` with an HTML 404. When a 404 body is not a WordPress
/// JSON error, the request is retried once as `/?rest_route=/…`, and when that form works it is used for
/// every later request.
public final class HTTPClientNetwork: Network {
    /// The largest answer read into memory (a page of 100 full products is ~0.5 MB).
    static let maximumBodyBytes = 64 * 1_048_576

    /// The client every network shares: the pool, the event loops and the TLS context live once per process.
    static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .follow(max: 5, allowCycles: false),
            timeout: .init(connect: .seconds(15)),
            decompression: .enabled(limit: .ratio(100)))
        configuration.connectionPool.retryConnectionEstablishment = false
        // pos bootstraps no tracer; without this, every request still opens and closes a no-op span.
        configuration.tracing.tracer = nil
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 8
        // A kept-alive connection is dropped after 3 s idle, before the server drops it: Apache (and our test servers)
        // close an idle connection after 5 s (`KeepAliveTimeout`), and a request sent on a connection at the moment
        // the server closes it fails as a lost connection (after a POST, of unknown outcome). The pool's default,
        // 60 s, made that race likely whenever requests came about 5 s apart (a slow or loaded machine).
        configuration.connectionPool.idleTimeout = .seconds(3)
        // A store closes every connection (WordPress behind Apache sends `Connection: close`), so each request
        // starts on a fresh channel, whose reads would start at NIO's default 2 KB and grow: ~8 reads a page, each
        // through the whole pipeline. Reads start at 64 KB instead (a trimmed page of 100 products is ~60 KB).
        configuration.http1_1ConnectionDebugInitializer = { channel in
            channel.setOption(ChannelOptions.recvAllocator,
                              value: AdaptiveRecvByteBufferAllocator(minimum: 1_024, initial: 65_536, maximum: 1_048_576))
        }
        return HTTPClient(eventLoopGroup: eventLoop, configuration: configuration)
    }()

    /// The client's one event loop: a counter's requests are a few at a time, and one thread is what a request
    /// then costs. ``response(for:)`` runs on it too (``EventLoopExecutor``), so a request's task and its
    /// connection meet on one thread instead of waking each other across two.
    static let eventLoop = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    static let executor = EventLoopExecutor(loop: eventLoop.next())

    /// The event loop's executor: a caller running there sends each request without changing threads.
    public var preferredTaskExecutor: (any TaskExecutor)? { Self.executor }

    private let credentials: Credentials
    private let timeout: Duration
    private let routeStyle: Mutex<RouteStyle>
    private let logger: Logger?
    private let now: @Sendable () -> Date

    /// Creates the network for a site.
    ///
    /// - Parameters:
    ///   - credentials: The site, user and application password.
    ///   - timeout: How long a request may take before failing with ``NetworkError/timeout(path:)``.
    ///   - routeStyle: The URL form to start with; it switches to `?rest_route=` by itself when needed.
    ///   - logger: Where to log requests (method, route, status; never credentials or bodies).
    public init(
        credentials: Credentials,
        timeout: Duration = .seconds(30),
        routeStyle: RouteStyle = .prettyPermalinks,
        logger: Logger? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.credentials = credentials
        self.timeout = timeout
        self.routeStyle = Mutex(routeStyle)
        self.logger = logger
        self.now = now
    }

    /// The URL form currently in use.
    public var currentRouteStyle: RouteStyle { routeStyle.locked { $0 } }

    public func response(for request: any Request) async throws(NetworkError) -> NetworkResponse {
        try await withTaskExecutorPreference(Self.executor) { () async throws(NetworkError) -> NetworkResponse in
            try await respond(to: request)
        }
    }

    private func respond(to request: any Request) async throws(NetworkError) -> NetworkResponse {
        let style = currentRouteStyle
        var response = try await send(request, style: style)
        if response.statusCode == 404, style == .prettyPermalinks, WordPressError(data: response.data) == nil {
            logger?.info("wp-json answered 404 without a WordPress error; retrying with ?rest_route=", metadata: ["path": "\(request.path)"])
            let retry = try await send(request, style: .restRoute)
            if retry.isSuccess || Self.isJSON(retry.data) {
                routeStyle.locked { $0 = .restRoute }
            }
            response = retry
        }
        if let error = NetworkError(status: response.statusCode, headers: response.headers, body: response.data, path: request.path, now: now()) {
            logger?.notice("request failed", metadata: ["method": "\(request.method.rawValue)", "path": "\(request.path)", "status": "\(response.statusCode)"])
            throw error
        }
        return response
    }

    // MARK: - Private

    /// Sends a request; a GET whose connection closed before any answer arrived is sent once more.
    ///
    /// A server that keeps idle connections open (Apache's `KeepAliveTimeout` is 5 s) may close one just as a
    /// request goes out on it: the request fails before a byte of the answer, and on a fresh connection it would
    /// have worked. Retrying is what RFC 9110 §9.2.2 allows for idempotent methods; anything else (a POST that
    /// may have created an order) is left to the caller, which knows how to look it up first.
    private func send(_ request: any Request, style: RouteStyle) async throws(NetworkError) -> NetworkResponse {
        let idempotent = request.method == .get
        do {
            return try await sendOnce(request, style: style)
        } catch {
            guard idempotent, case .lostBeforeAnswer = error else { throw error.networkError }
            logger?.info("the connection closed before an answer; sending once more", metadata: ["path": "\(request.path)"])
        }
        do {
            return try await sendOnce(request, style: style)
        } catch {
            throw error.networkError
        }
    }

    /// A failure of one attempt, telling a connection lost before any of the answer arrived from the rest.
    private enum AttemptError: Error {
        case lostBeforeAnswer(NetworkError)
        case other(NetworkError)

        var networkError: NetworkError {
            switch self {
            case .lostBeforeAnswer(let error), .other(let error): error
            }
        }
    }

    private func sendOnce(_ request: any Request, style: RouteStyle) async throws(AttemptError) -> NetworkResponse {
        let prepared = request.prepared(site: credentials.site, routeStyle: style, credentials: credentials)
        logger?.debug("request", metadata: ["method": "\(request.method.rawValue)", "path": "\(request.path)"])
        var delegate: HeadWatchingAccumulator?
        do {
            var headers = NIOHTTP1.HTTPHeaders()
            for header in prepared.headers {
                headers.add(name: header.name, value: header.value)
            }
            let outgoing = try HTTPClient.Request(
                url: prepared.url, method: .init(rawValue: prepared.method.rawValue), headers: headers,
                body: prepared.body.map { .bytes($0) })
            // The body is gathered on the connection's event loop (a `ResponseAccumulator`) and handed over once,
            // instead of streamed chunk by chunk through an async sequence: the loop and this task are one thread
            // (see `executor`), so each chunk's hand-over was work without a purpose.
            let accumulator = HeadWatchingAccumulator(request: outgoing, maxBodySize: Self.maximumBodyBytes)
            delegate = accumulator
            let task = Self.client.execute(
                request: outgoing, delegate: accumulator,
                eventLoop: .delegate(on: Self.executor.loop),
                deadline: .now() + .nanoseconds(timeout.nanoseconds))
            // A cancelled sync cancels its request rather than waiting it out.
            let answer = try await withTaskCancellationHandler {
                try await task.futureResult.get()
            } onCancel: {
                task.cancel()
            }
            var merged = HTTPHeaders()
            for header in answer.headers {
                if let existing = merged[header.name] {
                    merged[header.name] = existing + ", " + header.value
                } else {
                    merged[header.name] = header.value
                }
            }
            // The body's bytes as they arrived, shared instead of copied (a trimmed page is ~50 KB).
            let body = answer.body.flatMap {
                $0.getData(at: $0.readerIndex, length: $0.readableBytes, byteTransferStrategy: .noCopy)
            } ?? Data()
            return NetworkResponse(data: body, statusCode: Int(answer.status.code), headers: merged)
        } catch {
            let mapped = NetworkError(transportError: error, host: credentials.site.host, path: request.path)
            if case .connectionLost = mapped, delegate?.headArrived == false { throw .lostBeforeAnswer(mapped) }
            throw .other(mapped)
        }
    }

    private static func isJSON(_ data: Data) -> Bool {
        (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil
    }
}

extension Duration {
    /// The whole nanoseconds of the duration (for NIO's `TimeAmount`).
    fileprivate var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}

extension NetworkError {
    /// The error for a failure of the HTTP client (AsyncHTTPClient and SwiftNIO errors).
    ///
    /// Refused and unresolvable connections never reached the server; deadlines and dropped connections may have.
    /// TLS failures (NIOSSL's errors) are never downgraded or retried.
    public init(transportError error: any Error, host: String, path: String) {
        if error is CancellationError {
            self = .cancelled
            return
        }
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout, .getConnectionFromPoolTimeout:
                self = .timeout(path: path)
            case .remoteConnectionClosed:
                self = .connectionLost(path: path)
            case .cancelled:
                self = .cancelled
            case .tlsHandshakeTimeout:
                self = .tlsFailure(host: host, code: 0)
            case .invalidURL, .emptyHost, .emptyScheme:
                self = .invalidSiteAddress(host, reason: L10n.tr("error.network.address.noRequestURL", ["path": path]))
            default:
                self = .malformedResponse(path: path, reason: L10n.tr("error.network.invalidHTTP.detail", ["detail": "\(error)"]))
            }
            return
        }
        if let error = error as? NIOConnectionError {
            if error.connectionErrors.isEmpty {
                self = .dnsFailure(host: host)
            } else {
                self = Self(transportError: error.connectionErrors[0].error, host: host, path: path)
            }
            return
        }
        if let error = error as? IOError {
            switch error.errnoCode {
            case ECONNREFUSED: self = .connectionRefused(host: host)
            case ENETUNREACH, EHOSTUNREACH: self = .offline
            case ETIMEDOUT: self = .timeout(path: path)
            case ECONNRESET, EPIPE: self = .connectionLost(path: path)
            default: self = .transport(code: Int(error.errnoCode), path: path)
            }
            return
        }
        if error is ChannelError {
            switch error as? ChannelError {
            case .connectTimeout?: self = .timeout(path: path)
            case .eof?, .ioOnClosedChannel?, .alreadyClosed?, .outputClosed?, .inputClosed?: self = .connectionLost(path: path)
            default: self = .transport(code: -1, path: path)
            }
            return
        }
        if error is NIOTooManyBytesError {
            self = .malformedResponse(path: path, reason: L10n.tr("error.network.tooLarge", ["megabytes": String(HTTPClientNetwork.maximumBodyBytes / 1_048_576)]))
            return
        }
        if error is SocketAddressError {
            self = .dnsFailure(host: host)
            return
        }
        let typeName = String(reflecting: type(of: error))
        if typeName.hasPrefix("NIOSSL.") || typeName.hasPrefix("X509.") {
            self = .tlsFailure(host: host, code: -1)
            return
        }
        if let error = error as? HTTPParserError, error == .invalidEOFState {
            // The connection closed before the answer announced was complete: a dropped connection, not bad HTTP.
            self = .connectionLost(path: path)
            return
        }
        if typeName.hasPrefix("NIOHTTP1.") {
            self = .malformedResponse(path: path, reason: L10n.tr("error.network.invalidHTTP"))
            return
        }
        self = .transport(code: -1, path: path)
    }
}

/// Runs Swift tasks that prefer it (`withTaskExecutorPreference`) on a SwiftNIO event loop.
final class EventLoopExecutor: TaskExecutor {
    let loop: any EventLoop

    init(loop: any EventLoop) { self.loop = loop }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// Gathers an answer as AsyncHTTPClient's ``ResponseAccumulator`` does, and remembers whether its head arrived (a
/// connection lost before that never delivered any of the answer, so an idempotent request may be sent again).
final class HeadWatchingAccumulator: HTTPClientResponseDelegate, Sendable {
    typealias Response = HTTPClient.Response

    private let inner: ResponseAccumulator
    private let arrived = Atomic(false)

    init(request: HTTPClient.Request, maxBodySize: Int) {
        inner = ResponseAccumulator(request: request, maxBodySize: maxBodySize)
    }

    /// Whether the answer's status line and headers arrived.
    var headArrived: Bool { arrived.load(ordering: .acquiring) }

    func didSendRequestHead(task: HTTPClient.Task<Response>, _ head: HTTPRequestHead) {
        inner.didSendRequestHead(task: task, head)
    }

    func didSendRequestPart(task: HTTPClient.Task<Response>, _ part: IOData) {
        inner.didSendRequestPart(task: task, part)
    }

    func didSendRequest(task: HTTPClient.Task<Response>) {
        inner.didSendRequest(task: task)
    }

    func didVisitURL(task: HTTPClient.Task<Response>, _ request: HTTPClient.Request, _ head: HTTPResponseHead) {
        arrived.store(true, ordering: .releasing)
        inner.didVisitURL(task: task, request, head)
    }

    func didReceiveHead(task: HTTPClient.Task<Response>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        arrived.store(true, ordering: .releasing)
        return inner.didReceiveHead(task: task, head)
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Response>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        inner.didReceiveBodyPart(task: task, buffer)
    }

    func didReceiveError(task: HTTPClient.Task<Response>, _ error: any Error) {
        inner.didReceiveError(task: task, error)
    }

    func didFinishRequest(task: HTTPClient.Task<Response>) throws -> Response {
        try inner.didFinishRequest(task: task)
    }
}
