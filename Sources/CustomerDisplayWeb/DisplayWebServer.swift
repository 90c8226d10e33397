import POSFoundation
import Foundation
import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes
import NIOPosix
import Synchronization

/// The customer display's web server (`pos display --web`): `GET /` the page, `GET /events` the display views as
/// Server-Sent Events (the current one first). Read-only: any other method gets 405, any other path 404. When a
/// token is set (the server listens beyond loopback), every request must carry it as `?token=`, else 403. The
/// `Host` header must name the server by a loopback name, the listen address or one of `hostNames` (the machine's
/// addresses), with the bound port, else 421: a web page elsewhere cannot reach it through a rebound DNS name.
/// `GET /logo` serves the store's logo from `logoDirectory` (``DisplayLogo``), 404 when there is none.
public struct DisplayWebServer: Sendable {
    public var host: String
    public var port: Int
    public var token: String?
    public var hub: DisplayWebHub
    /// Further names the `Host` header may carry (the machine's LAN addresses when listening on every address).
    public var hostNames: [String]
    /// Where `display-logo.png` or `display-logo.svg` is looked for (the data directory); nil: no logo.
    public var logoDirectory: URL?
    /// How often a comment keeps an idle event stream open through proxies and the browser's own timeouts.
    public var keepAlive: Duration

    public init(host: String, port: Int, token: String?, hub: DisplayWebHub, hostNames: [String] = [],
                logoDirectory: URL? = nil, keepAlive: Duration = .seconds(15)) {
        self.host = host
        self.port = port
        self.token = token
        self.hub = hub
        self.hostNames = hostNames
        self.logoDirectory = logoDirectory
        self.keepAlive = keepAlive
    }

    /// The names (lower case, IPv6 without brackets) a `Host` header may carry for a server listening on `host`.
    static func allowedNames(host: String, extra: [String]) -> Set<String> {
        Set((["127.0.0.1", "localhost", "::1", host] + extra).map { $0.lowercased() })
    }

    /// Whether a `Host` header ("127.0.0.1:8470", "[::1]:8470", "localhost") names this server: one of `names`, with
    /// the bound `port` (or none, for port 80).
    static func hostAllowed(_ header: String?, names: Set<String>, port: Int) -> Bool {
        guard let header, !header.isEmpty else { return false }
        var name: Substring
        var portText: Substring?
        if header.hasPrefix("[") {
            guard let close = header.firstIndex(of: "]") else { return false }
            name = header[header.index(after: header.startIndex)..<close]
            let rest = header[header.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return false }
                portText = rest.dropFirst()
            }
        } else if let colon = header.firstIndex(of: ":") {
            name = header[..<colon]
            portText = header[header.index(after: colon)...]
        } else {
            name = Substring(header)
        }
        if name.hasSuffix(".") { name = name.dropLast() }
        guard names.contains(name.lowercased()) else { return false }
        if let portText { return Int(portText) == port }
        return port == 80
    }

    /// The event stream's chunks: the current view and each one published (`DisplayWebView.event()`), with a
    /// `: keep-alive` comment every `keepAlive` (EventSource ignores comments), until the hub finishes.
    static func eventChunks(hub: DisplayWebHub, keepAlive: Duration) -> AsyncStream<String> {
        let (chunks, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(8))
        let views = hub.stream()
        let viewTask = Task {
            for await view in views { continuation.yield(view.event()) }
            continuation.finish()
        }
        let beatTask = Task {
            while !Task.isCancelled {
                do { try await Task.sleep(for: keepAlive) } catch { return }
                continuation.yield(": keep-alive\n\n")
            }
        }
        continuation.onTermination = { _ in
            viewTask.cancel()
            beatTask.cancel()
        }
        return chunks
    }

    /// Listens and answers until the task is cancelled; `listening` gets the bound port (the kernel's pick when
    /// `port` is 0).
    public func run(logger: Logger, listening: @escaping @Sendable (Int) -> Void) async throws {
        let token = self.token
        let hub = self.hub
        let names = Self.allowedNames(host: host, extra: hostNames)
        let bound = Mutex(port)
        let logo = logoDirectory
        let keepAlive = keepAlive
        let server = Server(
            childChannelSetup: HTTP1Channel(responder: { request, writer, _ in
                let site = Site(names: names, port: bound.locked { $0 }, logoDirectory: logo, keepAlive: keepAlive)
                try await Self.respond(to: request, writer: writer, token: token, hub: hub, site: site)
            }),
            configuration: .init(address: .hostname(host, port: port)),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                bound.locked { $0 = port }
                listening(port)
            },
            eventLoopGroup: MultiThreadedEventLoopGroup.singleton,
            logger: logger
        )
        try await server.run()
    }

    /// Headers every answer carries: nothing cached, no referrer (the URL may hold the token), the page may load
    /// nothing from elsewhere.
    static func baseFields(contentType: String) -> HTTPFields {
        var fields = HTTPFields()
        fields[.contentType] = contentType
        fields[.cacheControl] = "no-store"
        fields[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        fields[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        fields[.contentSecurityPolicy] = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
            + "connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'"
        return fields
    }

    /// Whether `given` is the token, compared in constant time.
    static func matches(_ given: String?, _ token: String) -> Bool {
        guard let given else { return false }
        let a = Array(given.utf8), b = Array(token.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }

    /// What a request is checked and served against besides the token.
    struct Site: Sendable {
        var names: Set<String>
        var port: Int
        var logoDirectory: URL?
        var keepAlive: Duration
    }

    static func respond(to request: Request, writer: consuming ResponseWriter, token: String?, hub: DisplayWebHub,
                        site: Site) async throws {
        func plain(_ status: HTTPResponse.Status, _ text: String, extra: HTTPFields = [:]) -> (HTTPResponse, ResponseBody) {
            var fields = baseFields(contentType: "text/plain; charset=utf-8")
            fields.append(contentsOf: extra)
            return (HTTPResponse(status: status, headerFields: fields), ResponseBody(byteBuffer: ByteBuffer(string: text + "\n")))
        }
        let answer: (HTTPResponse, ResponseBody)
        if !hostAllowed(request.head.authority, names: site.names, port: site.port) {
            answer = plain(.misdirectedRequest, "This server answers to its own address only.")
        } else if request.method != .get && request.method != .head {
            answer = plain(.methodNotAllowed, "Read-only: GET only.", extra: [.allow: "GET, HEAD"])
        } else if let token, !matches(request.uri.queryParameters["token"].map(String.init), token) {
            answer = plain(.forbidden, "A token is needed: open the address pos display --web printed.")
        } else {
            switch request.uri.path {
            case "/":
                let page = ByteBuffer(string: DisplayWebPage.html(initial: hub.current))
                answer = (HTTPResponse(status: .ok, headerFields: baseFields(contentType: "text/html; charset=utf-8")),
                          request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: page))
            case "/events":
                var fields = baseFields(contentType: "text/event-stream; charset=utf-8")
                fields[.cacheControl] = "no-store, no-transform"
                var body = try await writer.writeHead(HTTPResponse(status: .ok, headerFields: fields))
                if request.method == .head {
                    try await body.finish(nil)
                    return
                }
                // The browser reconnects a second after the stream drops (EventSource does it by itself).
                try await body.write(ByteBuffer(string: "retry: 1000\n\n"))
                for await chunk in eventChunks(hub: hub, keepAlive: site.keepAlive) {
                    try await body.write(ByteBuffer(string: chunk))
                }
                try await body.finish(nil)
                return
            case "/logo":
                if let directory = site.logoDirectory, let logo = DisplayLogo.load(from: directory) {
                    answer = (HTTPResponse(status: .ok, headerFields: baseFields(contentType: logo.contentType)),
                              request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: logo.data)))
                } else {
                    answer = plain(.notFound, "No logo.")
                }
            default:
                answer = plain(.notFound, "Not found.")
            }
        }
        try await writer.write(response: answer.0, body: answer.1)
    }
}

/// The store's logo for the customer display: `display-logo.png` or `display-logo.svg` in the data directory,
/// read on each request (a new file shows on the page's next load), at most ``maxBytes``. An SVG is shown through
/// `<img>`, where it runs no script, and the page's content security policy loads nothing from elsewhere.
public struct DisplayLogo: Sendable, Equatable {
    public static let names = [("display-logo.png", "image/png"), ("display-logo.svg", "image/svg+xml")]
    /// The largest logo served (a larger file is ignored, as if there were none).
    public static let maxBytes = 512 * 1024

    public var data: Data
    public var contentType: String

    /// The first logo file in `directory` that is a regular file no larger than ``maxBytes``.
    public static func load(from directory: URL) -> DisplayLogo? {
        for (name, type) in names {
            let path = directory.appendingPathComponent(name).path
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  attributes[.type] as? FileAttributeType == .typeRegular,
                  let size = attributes[.size] as? Int, size > 0, size <= maxBytes,
                  let data = FileManager.default.contents(atPath: path), data.count <= maxBytes else { continue }
            return DisplayLogo(data: data, contentType: type)
        }
        return nil
    }
}
