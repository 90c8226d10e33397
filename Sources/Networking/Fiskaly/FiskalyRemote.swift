import Foundation
import POSFoundation

/// fiskaly SIGN DE API v2: authentication, TSS and client, transactions with revisions.
///
/// The remote keeps the bearer token and renews it before it expires: with the refresh token while that is
/// valid, else with the API key and secret. A 401 on any call drops the token, authenticates again once with the
/// key and secret, and repeats the call once; a second 401 is thrown. Transport failures and 5xx answers are
/// thrown as they come (``NetworkError``); the Yosemite signer turns them into a TSE outage.
public actor FiskalyRemote {
    /// Renew the access token when it has less than this left.
    public static let renewalMargin: TimeInterval = 60

    private let network: any Network
    private let credentials: FiskalyCredentials
    private let now: @Sendable () -> Date
    private var token: FiskalyAuthToken?
    /// The `POST /auth` under way: callers that need a token meanwhile wait for it instead of sending their own.
    private var pendingAuthentication: Task<FiskalyAuthToken, any Error>?

    /// A remote over a network whose site is ``FiskalyCredentials/baseURL``.
    public init(network: any Network, credentials: FiskalyCredentials, now: @escaping @Sendable () -> Date = { Date() }) {
        self.network = network
        self.credentials = credentials
        self.now = now
    }

    // MARK: - Authentication

    /// `POST /auth` with the API key and secret (or, when `refresh` is true and a refresh token is still valid,
    /// with the refresh token); keeps and returns the token.
    @discardableResult
    public func authenticate(refresh: Bool = false) async throws(NetworkError) -> FiskalyAuthToken {
        if let pendingAuthentication { return try await Self.value(of: pendingAuthentication) }
        let task = Task { () async throws -> FiskalyAuthToken in try await self.requestToken(refresh: refresh) }
        pendingAuthentication = task
        defer { pendingAuthentication = nil }
        return try await Self.value(of: task)
    }

    private func requestToken(refresh: Bool) async throws(NetworkError) -> FiskalyAuthToken {
        let body: JSONValue
        if refresh, let token, Double(token.refreshTokenExpiresAt) > now().timeIntervalSince1970 + Self.renewalMargin {
            body = .object(["refresh_token": .string(token.refreshToken)])
        } else {
            body = .object(["api_key": .string(credentials.apiKey), "api_secret": .string(credentials.apiSecret)])
        }
        let request = FiskalyRequest(method: .post, path: "auth", body: body)
        let data = try await network.responseData(for: request)
        let token: FiskalyAuthToken = try Self.decode(data, path: request.path)
        self.token = token
        return token
    }

    /// The token in use (nil before the first call).
    public var currentToken: FiskalyAuthToken? { token }

    // MARK: - TSS and client

    /// `GET /tss/{tss_id}`.
    public func tss(id: String) async throws(NetworkError) -> FiskalyTSS {
        try await send(.get, "tss/\(id)")
    }

    /// `POST /tss/{tss_id}/admin/auth`: logs in as the TSS admin (needed to register a client).
    public func authenticateAdmin(tssID: String, adminPIN: String) async throws(NetworkError) {
        let _: JSONValue = try await send(.post, "tss/\(tssID)/admin/auth", body: .object(["admin_pin": .string(adminPIN)]))
    }

    /// `PUT /tss/{tss_id}/client/{client_id}`: registers the register (by its serial number) on the TSS.
    public func registerClient(tssID: String, clientID: String, serialNumber: String) async throws(NetworkError)
        -> FiskalyClient {
        try await send(.put, "tss/\(tssID)/client/\(clientID)", body: .object(["serial_number": .string(serialNumber)]))
    }

    /// `GET /tss/{tss_id}/client/{client_id}`.
    public func client(tssID: String, clientID: String) async throws(NetworkError) -> FiskalyClient {
        try await send(.get, "tss/\(tssID)/client/\(clientID)")
    }

    // MARK: - Transactions

    /// `PUT /tss/{tss_id}/tx/{tx_id}?tx_revision=N`: starts (revision 1), updates, finishes or cancels.
    public func putTransaction(tssID: String, transactionID: String, revision: Int, clientID: String,
                               state: FiskalyTransactionState) async throws(NetworkError) -> FiskalyTransaction {
        try await send(.put, "tss/\(tssID)/tx/\(transactionID)",
                       query: [URLQueryItem(name: "tx_revision", value: String(revision))],
                       body: state.body(clientID: clientID))
    }

    // MARK: - Private

    private func send<Output: Decodable>(_ method: HTTPMethod, _ path: String, query: [URLQueryItem] = [],
                                         body: JSONValue? = nil) async throws(NetworkError) -> Output {
        let bearer = try await validAccessToken()
        do {
            let data = try await network.responseData(
                for: FiskalyRequest(method: method, path: path, query: query, body: body, bearerToken: bearer))
            return try Self.decode(data, path: path)
        } catch .unauthorized {
            token = nil
            let fresh = try await authenticate()
            let data = try await network.responseData(
                for: FiskalyRequest(method: method, path: path, query: query, body: body, bearerToken: fresh.accessToken))
            return try Self.decode(data, path: path)
        }
    }

    private func validAccessToken() async throws(NetworkError) -> String {
        if let token, Double(token.accessTokenExpiresAt) > now().timeIntervalSince1970 + Self.renewalMargin {
            return token.accessToken
        }
        return try await authenticate(refresh: token != nil).accessToken
    }

    private static func value(of task: Task<FiskalyAuthToken, any Error>) async throws(NetworkError) -> FiskalyAuthToken {
        do {
            return try await task.value
        } catch let error as NetworkError {
            throw error
        } catch {
            throw .cancelled
        }
    }

    private static func decode<Output: Decodable>(_ data: Data, path: String) throws(NetworkError) -> Output {
        do {
            return try JSONDecoder().decode(Output.self, from: data)
        } catch {
            throw .malformedResponse(path: path, reason: WooJSON.describe(error))
        }
    }
}
