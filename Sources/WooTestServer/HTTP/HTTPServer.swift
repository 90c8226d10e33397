import Dispatch
import Foundation
import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes
import NIOPosix
import Synchronization

/// An HTTP/1.1 server on loopback, on Hummingbird's server core (SwiftNIO): keep-alive, pipelining, clean stop.
///
/// Hummingbird reads and frames the requests (a malformed one gets 400 and a closed connection); the handler turns
/// a ``HTTPRequest`` into a ``HTTPResponse``, whose ``HTTPResponse/Delivery`` may lose or cut it on the wire.
/// Public so other test servers (the fiskaly route simulator) answer over the same layer.
///
/// `start` and `stop` are synchronous (tests call them from initialisers and `deinit`). That is safe because the
/// server never runs on the Swift concurrency pool a caller may be blocking: its tasks run on its own event loops
/// (``EventLoopTaskExecutor``).
public final class HTTPServer: Sendable {
    /// Turns a request into a response. It may suspend (latency faults, store costs) but should not block.
    public typealias Handler = @Sendable (HTTPRequest) async -> HTTPResponse

    /// The largest request body accepted (413 beyond).
    static let maximumBodyBytes = 32 * 1024 * 1024
    /// How long an idle keep-alive connection stays open: Apache's default `KeepAliveTimeout`, which most WordPress
    /// sites sit behind. A stalled half-sent request is closed after as long.
    static let keepAliveTimeout = TimeAmount.seconds(5)

    /// The test servers' event loops, shared by every instance in the process and also running their tasks.
    static let eventLoops = MultiThreadedEventLoopGroup(numberOfThreads: max(2, System.coreCount))
    private static let executor = EventLoopTaskExecutor(group: eventLoops)
    private static let logger = Logger(label: "woo-test-server") { _ in SwiftLogNoOpLogHandler() }

    private struct Running {
        let task: Task<Void, Never>
        let finished: DispatchSemaphore
    }

    private let handler: Handler
    private let running = Mutex<Running?>(nil)

    public init(handler: @escaping Handler) {
        self.handler = handler
    }

    /// Binds 127.0.0.1:`port` (0 = an ephemeral port) and starts accepting; returns the bound port.
    public func start(port: UInt16) throws -> UInt16 {
        let handler = self.handler
        let bound = Mutex<Result<UInt16, any Error>?>(nil)
        let started = DispatchSemaphore(value: 0)
        let server = Server(
            childChannelSetup: HTTP1Channel(
                responder: { request, _, channel in await Self.respond(to: request, on: channel, handler: handler) },
                configuration: .init(additionalChannelHandlers: [ConnectionCloseHandler()],
                                     idleTimeout: Self.keepAliveTimeout)
            ),
            configuration: .init(address: .hostname("127.0.0.1", port: Int(port))),
            onServerRunning: { channel in
                bound.withLock { $0 = .success(UInt16(channel.localAddress?.port ?? 0)) }
                started.signal()
            },
            eventLoopGroup: Self.eventLoops,
            logger: Self.logger
        )
        let finished = DispatchSemaphore(value: 0)
        let task = Task(executorPreference: Self.executor) {
            let outcome: any Error
            do {
                try await server.run()
                outcome = HummingbirdCore.Server<HTTP1Channel>.Error.serverShutdown
            } catch {
                outcome = error
            }
            // A server that stopped before it listened (the port taken, say) still wakes `start`.
            let first = bound.withLock { result -> Bool in
                guard result == nil else { return false }
                result = .failure(outcome)
                return true
            }
            if first { started.signal() }
            finished.signal()
        }
        started.wait()
        let port = try bound.withLock { $0! }.get()
        running.withLock { $0 = Running(task: task, finished: finished) }
        return port
    }

    /// Closes the listener and every open connection (a request in progress gets its answer, without waiting
    /// out any latency); returns once all are closed.
    public func stop() {
        guard let running = running.withLock({ running -> Running? in
            defer { running = nil }
            return running
        }) else { return }
        running.task.cancel()
        running.finished.wait()
    }

    // MARK: - One request

    /// Reads the request, asks the handler, writes the answer as its delivery says.
    private static func respond(to request: Request, on channel: any Channel, handler: Handler) async {
        let response: HTTPResponse
        let wantsClose: Bool
        switch await read(request) {
        case let .success(ours):
            response = await handler(ours)
            wantsClose = ours.wantsClose
        case let .failure(refusal):
            response = refusal.response
            wantsClose = true
        }
        do {
            try await deliver(response, keepAlive: !wantsClose && !response.closesConnection, on: channel)
        } catch {
            // The client went away: nothing left to answer.
        }
    }

    /// The request as the handler sees it, or the error answer (400 bad target, 413 body too large).
    private static func read(_ request: Request) async -> Result<HTTPRequest, RESTError> {
        guard let target = HTTPRequest.splitTarget(request.head.path ?? "/") else {
            return .failure(refusal(400, "Malformed request target."))
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: maximumBodyBytes)
        } catch is NIOTooManyBytesError {
            return .failure(refusal(413, "Request body too large."))
        } catch {
            return .failure(refusal(400, "The request body could not be read."))
        }
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        return .success(HTTPRequest(method: request.method.rawValue.uppercased(), path: target.path,
                                    queryItems: target.query, headers: headers, body: Array(body.readableBytesView)))
    }

    private static func refusal(_ status: Int, _ message: String) -> RESTError {
        RESTError(status, "http_bad_request", message)
    }

    /// Writes `response`: whole, cut after half its body (then closed), or not at all (the connection reset).
    private static func deliver(_ response: HTTPResponse, keepAlive: Bool, on channel: any Channel) async throws {
        if response.delivery == .reset {
            // SO_LINGER 0: the close sends a TCP RST instead of a FIN.
            try await (channel as? any SocketOptionProvider)?.setSoLinger(linger(l_onoff: 1, l_linger: 0)).get()
            try await channel.close()
            return
        }
        var fields = HTTPFields()
        for (name, value) in response.headers {
            guard let name = HTTPField.Name(name) else { continue }
            fields.append(HTTPField(name: name, value: value))
        }
        fields[.contentLength] = String(response.body.count)
        let truncated = response.delivery == .truncated
        // `Connection: close` makes ConnectionCloseHandler close the connection once the answer is on the wire.
        fields[.connection] = keepAlive && !truncated ? "keep-alive" : "close"
        let head = HTTPTypes.HTTPResponse(status: .init(code: response.status), headerFields: fields)
        channel.write(HTTPResponsePart.head(head), promise: nil)
        if truncated {
            // The announced length never arrives: the client sees the connection close mid-body.
            try await channel.writeAndFlush(HTTPResponsePart.body(ByteBuffer(bytes: response.body.prefix(response.body.count / 2)))).get()
            try await channel.close()
            return
        }
        channel.write(HTTPResponsePart.body(ByteBuffer(bytes: response.body)), promise: nil)
        try await channel.writeAndFlush(HTTPResponsePart.end(nil)).get()
    }
}
