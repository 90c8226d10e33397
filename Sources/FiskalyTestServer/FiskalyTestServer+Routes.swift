import Foundation
import Synchronization
import TSESimulator
import WooTestServer

extension FiskalyTestServer {
    /// Answers one request.
    func handle(_ request: HTTPRequest) async -> HTTPResponse {
        let fault = state.withLock { $0.faults.isEmpty ? nil : $0.faults.removeFirst() }
        let response: HTTPResponse
        switch fault {
        case let .status(status):
            response = Self.error(status, "E_SIMULATED", "Simulated failure")
        case .dropConnection:
            response = HTTPResponse(status: 500, delivery: .reset)
        case let .delay(milliseconds):
            // A slow fiskaly: the answer waits so the client's timeout fires first (a stopping server cuts it short).
            try? await Task.sleep(for: .milliseconds(min(max(milliseconds, 0), 60_000)))
            response = route(request)
        case nil:
            response = route(request)
        }
        let bodyText = Self.canonicalJSON(request.body)
        let entry = LoggedRequest(method: request.method, path: Self.apiPath(request.path) ?? request.path,
                                  query: Dictionary(request.queryItems, uniquingKeysWith: { $1 }),
                                  authorization: request.headers["authorization"], body: bodyText,
                                  status: response.delivery == .reset ? 0 : response.status)
        state.withLock { $0.log.append(entry) }
        return response
    }

    private func route(_ request: HTTPRequest) -> HTTPResponse {
        guard let path = Self.apiPath(request.path) else { return Self.error(404, "E_NOT_FOUND", "No such route") }
        let parts = path.split(separator: "/").map(String.init)
        let body = (try? JSONSerialization.jsonObject(with: Data(request.body))) as? [String: Any] ?? [:]
        if request.method == "POST", parts == ["auth"] { return authenticate(body) }
        guard authorized(request) else { return Self.error(401, "E_UNAUTHORIZED", "Missing or invalid access token") }
        guard parts.count >= 2, parts[0] == "tss" else { return Self.error(404, "E_NOT_FOUND", "No such route") }
        guard parts[1] == tssID else { return Self.error(404, "E_TSS_NOT_FOUND", "TSS not found") }
        switch (request.method, Array(parts.dropFirst(2))) {
        case ("GET", []):
            return Self.json(200, tssJSON())
        case ("POST", ["admin", "auth"]):
            guard body["admin_pin"] as? String == adminPIN else {
                return Self.error(401, "E_ADMIN_PIN", "Wrong admin PIN")
            }
            state.withLock { $0.adminLoggedIn = true }
            return Self.json(200, [:])
        case let ("PUT", rest) where rest.count == 2 && rest[0] == "client":
            return registerClient(id: rest[1], body: body)
        case let ("GET", rest) where rest.count == 2 && rest[0] == "client":
            guard let client = state.withLock({ $0.clients[rest[1]] }) else {
                return Self.error(404, "E_CLIENT_NOT_FOUND", "Client not found")
            }
            return Self.json(200, clientJSON(id: rest[1], client))
        case let ("PUT", rest) where rest.count == 2 && rest[0] == "tx":
            return putTransaction(id: rest[1], revision: request.query("tx_revision"), body: body)
        default:
            return Self.error(404, "E_NOT_FOUND", "No such route")
        }
    }

    // MARK: - Auth

    private func authenticate(_ body: [String: Any]) -> HTTPResponse {
        let time = Int(now().timeIntervalSince1970)
        let ok = state.withLock { state -> Bool in
            if let refresh = body["refresh_token"] as? String {
                guard let expiry = state.refreshTokens[refresh], expiry > time else { return false }
                state.refreshTokens[refresh] = nil
                return true
            }
            return body["api_key"] as? String == apiKey && body["api_secret"] as? String == apiSecret
        }
        guard ok else { return Self.error(401, "E_UNAUTHORIZED", "Invalid credentials") }
        let answer = state.withLock { state -> [String: Any] in
            state.tokenSequence += 1
            let access = "access-\(state.tokenSequence)-\(UUID().uuidString)"
            let refresh = "refresh-\(state.tokenSequence)-\(UUID().uuidString)"
            let accessExpiry = time + state.accessTokenLifetime
            let refreshExpiry = time + 2 * 86_400
            state.accessTokens[access] = accessExpiry
            state.refreshTokens[refresh] = refreshExpiry
            return [
                "access_token": access, "access_token_expires_in": state.accessTokenLifetime,
                "access_token_expires_at": accessExpiry, "refresh_token": refresh,
                "refresh_token_expires_in": 2 * 86_400, "refresh_token_expires_at": refreshExpiry,
            ]
        }
        return Self.json(200, answer)
    }

    private func authorized(_ request: HTTPRequest) -> Bool {
        guard let header = request.headers["authorization"], header.hasPrefix("Bearer ") else { return false }
        let token = String(header.dropFirst("Bearer ".count))
        let time = Int(now().timeIntervalSince1970)
        return state.withLock { ($0.accessTokens[token] ?? 0) > time }
    }

    // MARK: - TSS and clients

    private func tssJSON() -> [String: Any] {
        [
            "_id": tssID, "_type": "TSS", "state": state.withLock { $0.tssState },
            "serial_number": tse.serialNumberHex, "public_key": tse.publicKeyBase64,
            "signature_algorithm": SimulatedTSE.algorithm, "signature_timestamp_format": SimulatedTSE.timeFormat,
            "signature_counter": String(tse.signatureCounter), "transaction_counter": String(tse.transactionCounter),
            "bsi_certification_id": bsiCertificationID,
        ]
    }

    private func registerClient(id: String, body: [String: Any]) -> HTTPResponse {
        guard let serial = body["serial_number"] as? String, !serial.isEmpty else {
            return Self.error(400, "E_BAD_REQUEST", "serial_number is required")
        }
        let time = Int(now().timeIntervalSince1970)
        let result = state.withLock { state -> Result<ServerState.Client, HTTPResponseBox> in
            guard state.adminLoggedIn else {
                return .failure(HTTPResponseBox(Self.error(401, "E_ADMIN_NOT_AUTHENTICATED", "Log in as admin first")))
            }
            // Registering a client again keeps when it was created.
            let client = ServerState.Client(serialNumber: serial, state: "REGISTERED",
                                            timeCreation: state.clients[id]?.timeCreation ?? time)
            state.clients[id] = client
            return .success(client)
        }
        switch result {
        case .success(let client): return Self.json(200, clientJSON(id: id, client))
        case .failure(let box): return box.response
        }
    }

    private func clientJSON(id: String, _ client: ServerState.Client) -> [String: Any] {
        ["_id": id, "_type": "CLIENT", "serial_number": client.serialNumber, "state": client.state, "tss_id": tssID,
         "time_creation": client.timeCreation]
    }

    // MARK: - Helpers

    static func apiPath(_ path: String) -> String? {
        guard path.hasPrefix("/api/v2/") else { return nil }
        return String(path.dropFirst("/api/v2".count))
    }

    static func json(_ status: Int, _ object: [String: Any]) -> HTTPResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: Array(data))
    }

    static func error(_ status: Int, _ code: String, _ message: String) -> HTTPResponse {
        let reasons = [400: "Bad Request", 401: "Unauthorized", 404: "Not Found", 409: "Conflict",
                       500: "Internal Server Error", 503: "Service Unavailable"]
        let reason = reasons[status] ?? "Error"
        return json(status, ["status_code": status, "error": reason, "code": code, "message": message])
    }

    static func canonicalJSON(_ body: [UInt8]) -> String {
        guard !body.isEmpty, let object = try? JSONSerialization.jsonObject(with: Data(body)),
              let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }
}

/// An error answer carried through a `Result` out of the state's lock.
struct HTTPResponseBox: Error {
    var response: HTTPResponse
    init(_ response: HTTPResponse) { self.response = response }
}
