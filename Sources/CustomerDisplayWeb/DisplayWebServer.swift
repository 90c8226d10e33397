import Foundation
import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes
import NIOPosix

/// The customer display's web server (`pos display --web`): `GET /` the page, `GET /events` the display views as
/// Server-Sent Events (the current one first). Read-only: any other method gets 405, any other path 404. When a
/// token is set (the server listens beyond loopback), every request must carry it as `?token=`, else 403.
public struct DisplayWebServer: Sendable {
    public var host: String
    public var port: Int
    public var token: String?
    public var hub: DisplayWebHub

    public init(host: String, port: Int, token: String?, hub: DisplayWebHub) {
        self.host = host
        self.port = port
        self.token = token
        self.hub = hub
    }

    /// Listens and answers until the task is cancelled; `listening` gets the bound port (the kernel's pick when
    /// `port` is 0).
    public func run(logger: Logger, listening: @escaping @Sendable (Int) -> Void) async throws {
        let token = self.token
        let hub = self.hub
        let server = Server(
            childChannelSetup: HTTP1Channel(responder: { request, writer, _ in
                try await Self.respond(to: request, writer: writer, token: token, hub: hub)
            }),
            configuration: .init(address: .hostname(host, port: port)),
            onServerRunning: { channel in listening(channel.localAddress?.port ?? 0) },
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

    static func respond(to request: Request, writer: consuming ResponseWriter, token: String?, hub: DisplayWebHub) async throws {
        func plain(_ status: HTTPResponse.Status, _ text: String, extra: HTTPFields = [:]) -> (HTTPResponse, ResponseBody) {
            var fields = baseFields(contentType: "text/plain; charset=utf-8")
            fields.append(contentsOf: extra)
            return (HTTPResponse(status: status, headerFields: fields), ResponseBody(byteBuffer: ByteBuffer(string: text + "\n")))
        }
        let answer: (HTTPResponse, ResponseBody)
        if request.method != .get && request.method != .head {
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
                for await view in hub.stream() {
                    try await body.write(ByteBuffer(string: view.event()))
                }
                try await body.finish(nil)
                return
            default:
                answer = plain(.notFound, "Not found.")
            }
        }
        try await writer.write(response: answer.0, body: answer.1)
    }
}
