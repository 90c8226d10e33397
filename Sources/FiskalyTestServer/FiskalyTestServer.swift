import Foundation
import Synchronization
import TSESimulator
import WooTestServer

/// fiskaly SIGN DE API v2's routes over real HTTP on loopback, signing with a ``SimulatedTSE``: the peer the live
/// client (`FiskalyRemote`, `FiskalySigner`) is tested against.
///
/// Routes (below `/api/v2`): `POST /auth` (key and secret, or refresh token), `GET /tss/{id}`,
/// `POST /tss/{id}/admin/auth`, `PUT|GET /tss/{id}/client/{id}`, `PUT /tss/{id}/tx/{id}?tx_revision=N`.
/// The answers follow fiskaly's published shapes; errors are `{"status_code", "error", "code", "message"}`.
///
/// Controls for tests: ``enqueueFault(_:)`` (a status, a dropped connection or a delay for the next request),
/// ``revokeTokens()`` (the next authenticated call gets 401), ``accessTokenLifetime``, and ``requests``.
public final class FiskalyTestServer: Sendable {
    /// A fault for the next request.
    public enum Fault: Sendable, Hashable {
        /// Answer with this status and a fiskaly error body.
        case status(Int)
        /// Reset the connection without answering.
        case dropConnection
        /// Hold the answer this many milliseconds (for client timeouts).
        case delay(milliseconds: Int)
    }

    /// One request as received.
    public struct LoggedRequest: Sendable, Hashable {
        public var method: String
        /// Below `/api/v2`, e.g. `/tss/…/tx/…`.
        public var path: String
        public var query: [String: String]
        /// The `Authorization` header.
        public var authorization: String?
        /// The JSON body, re-serialised with sorted keys (empty when none).
        public var body: String
        public var status: Int
    }

    /// The API key and secret the server accepts.
    public let apiKey: String
    public let apiSecret: String
    /// The TSS admin PIN.
    public let adminPIN: String
    /// The TSS id the server knows.
    public let tssID: String
    /// The TSE behind the routes.
    public let tse: SimulatedTSE
    /// The BSI certification id `GET /tss/{id}` reports (`bsi_certification_id`); a made-up one, for tests.
    public let bsiCertificationID: String

    let now: @Sendable () -> Date
    let state = Mutex(ServerState())
    private let http = Mutex<HTTPServer?>(nil)

    /// A server for one TSS, not listening yet.
    public init(tssID: String = UUID().uuidString.lowercased(), apiKey: String = "test_key", apiSecret: String = "test_secret",
                adminPIN: String = "123456", tse: SimulatedTSE? = nil, bsiCertificationID: String = "BSI-K-TR-9999-2099",
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.bsiCertificationID = bsiCertificationID
        self.tssID = tssID
        self.apiKey = apiKey
        self.apiSecret = apiSecret
        self.adminPIN = adminPIN
        self.now = now
        self.tse = tse ?? SimulatedTSE(now: now)
    }

    /// Starts listening on 127.0.0.1 and returns the API base (`http://127.0.0.1:PORT/api/v2`).
    @discardableResult
    public func start() throws -> URL {
        let server = HTTPServer { [weak self] request in
            await self?.handle(request) ?? HTTPResponse(status: 503)
        }
        let port = try server.start(port: 0)
        http.withLock { $0 = server }
        var components = URLComponents()
        components.scheme = "http"
        components.host = "127.0.0.1"
        components.port = Int(port)
        components.path = "/api/v2"
        guard let url = components.url else { throw StartFailure(port: port) }
        return url
    }

    /// Stops listening.
    public func stop() {
        let server = http.withLock { server -> HTTPServer? in
            defer { server = nil }
            return server
        }
        server?.stop()
    }

    // MARK: - Controls

    /// Queues a fault for the next request.
    public func enqueueFault(_ fault: Fault) {
        state.withLock { $0.faults.append(fault) }
    }

    /// Forgets every access and refresh token: the next authenticated request gets 401.
    public func revokeTokens() {
        state.withLock {
            $0.accessTokens.removeAll()
            $0.refreshTokens.removeAll()
        }
    }

    /// How long a new access token lives (seconds).
    public var accessTokenLifetime: Int {
        get { state.withLock { $0.accessTokenLifetime } }
        set { state.withLock { $0.accessTokenLifetime = newValue } }
    }

    /// Every request so far.
    public var requests: [LoggedRequest] { state.withLock { $0.log } }

    /// Sets the TSS state (`INITIALIZED` by default).
    public func setTSSState(_ value: String) {
        state.withLock { $0.tssState = value }
    }

    /// Registers a client directly (what the merchant's set-up did earlier).
    public func registerClient(id: String, serialNumber: String) {
        let time = Int(now().timeIntervalSince1970)
        state.withLock { $0.clients[id] = ServerState.Client(serialNumber: serialNumber, state: "REGISTERED", timeCreation: time) }
    }

    /// The clients registered on the TSS, by id.
    public var clients: [String: (serialNumber: String, state: String)] {
        state.withLock { $0.clients.mapValues { ($0.serialNumber, $0.state) } }
    }
}

/// The base URL could not be formed (never expected for a bound loopback port).
struct StartFailure: Error {
    var port: UInt16
}

/// The server's mutable state.
struct ServerState {
    struct Client {
        var serialNumber: String
        var state: String
        var timeCreation: Int
    }

    struct Transaction {
        var clientID: String
        var number: Int
        var revision: Int
        var state: String
        var timeStart: Int
        var timeEnd: Int?
        var lastLog: SimulatedTSE.Log
        var processType: String
        var processData: String
    }

    var faults: [FiskalyTestServer.Fault] = []
    var log: [FiskalyTestServer.LoggedRequest] = []
    var accessTokens: [String: Int] = [:]
    var refreshTokens: [String: Int] = [:]
    var accessTokenLifetime = 86_400
    var tokenSequence = 0
    var adminLoggedIn = false
    var tssState = "INITIALIZED"
    var clients: [String: Client] = [:]
    var transactions: [String: Transaction] = [:]
}
