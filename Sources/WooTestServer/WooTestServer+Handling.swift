import Foundation
import Synchronization

extension WooTestServer {
    /// The whole pipeline: control endpoints, site mode, permalinks, faults, auth, route, log.
    func handle(_ request: HTTPRequest) async -> HTTPResponse {
        if request.path.hasPrefix("/__test/") {
            return handleControl(request)
        }
        let controls = self.controls.withLock { $0 }
        var response: HTTPResponse
        var logPath = request.path
        if controls.mode == .notWordPress {
            response = .html(404, "Not Found")
        } else if request.method == "GET", request.path.hasPrefix(Self.catalogFilePrefix) {
            response = await serveCatalogFile(path: request.path, costs: controls.storeCosts, workers: controls.workers)
            if controls.storeCosts != nil { response.closesConnection = true }
        } else if let route = restRoute(of: request, prettyPermalinks: controls.prettyPermalinks) {
            logPath = route
            response = await handleREST(request, route: route, controls: controls)
            if let costs = controls.storeCosts, let workers = controls.workers, response.delivery == .normal {
                let charge = costs.charge(
                    method: request.method, route: route, trimmed: request.query("_fields") != nil,
                    included: request.query("include") != nil, requestBody: request.body, response: response)
                ledger.withLock { $0.add(charge.kind, charge.milliseconds) }
                await workers.serve(milliseconds: charge.milliseconds)
                response.closesConnection = true
            }
        } else {
            response = .html(404, "Page not found – \(storeName)")
        }
        response.headers.append(("Date", WooDate.httpDate(now)))
        record(LoggedRequest(method: request.method, path: logPath, query: request.queryString,
                             status: response.status,
                             delivery: response.delivery))
        return response
    }

    private var storeName: String { state.withLock { $0.settings.siteName } }

    /// The REST route of a request in either permalink form, or nil when it is not a REST request.
    private func restRoute(of request: HTTPRequest, prettyPermalinks: Bool) -> String? {
        if request.path == "/" || request.path == "/index.php", let route = request.query("rest_route") {
            return route.hasPrefix("/") ? route : "/" + route
        }
        if prettyPermalinks, request.path == "/wp-json" || request.path.hasPrefix("/wp-json/") {
            let route = String(request.path.dropFirst("/wp-json".count))
            return route.isEmpty ? "/" : route
        }
        return nil
    }

    private func handleREST(_ request: HTTPRequest, route: String, controls: Controls) async -> HTTPResponse {
        let fault = faults.take(method: request.method, route: route, rawPath: request.path)
        var latency = controls.latencyMilliseconds
        if case let .latency(milliseconds) = fault { latency += milliseconds }
        if latency > 0 {
            // A stopping server cancels the wait and answers at once.
            try? await Task.sleep(for: .milliseconds(min(latency, 60_000)))
        }

        switch fault {
        case let .status(status, body, retryAfter):
            var response = body.map { HTTPResponse(status: status, headers: [("Content-Type", "text/html")], body: Array($0.utf8)) }
                ?? RESTError(status, "injected_fault", "Injected fault \(status).").response
            if let retryAfter { response.headers.append(("Retry-After", String(retryAfter))) }
            return response
        case .resetBeforeWrite:
            return HTTPResponse(status: 0, delivery: .reset)
        default:
            break
        }
        var response = dispatch(request, route: route, controls: controls)
        if response.status == 404, request.method == "POST", Self.normalized(route) == Self.catalogCreateRoute,
           offersPOSCatalog, controls.mode == .wooCommerce {
            response = posCatalog(request, route: route, controls: controls)
        }
        switch fault {
        case .resetAfterWrite:
            response.delivery = .reset
            response.body = []
        case .malformedJSON:
            response.body = Array(#"{"id": 1, "status": "proce"#.utf8) + Array("\u{0}<br />\n<b>Fatal error</b>".utf8)
        case .truncatedBody:
            response.delivery = .truncated
        default:
            break
        }
        return response
    }

    private func dispatch(_ request: HTTPRequest, route: String, controls: Controls) -> HTTPResponse {
        let user: User?
        switch authenticate(request) {
        case let .success(found): user = found
        case let .failure(error): return error.response
        }
        let normalized = Self.normalized(route)
        if controls.mode == .wordPressWithoutWooCommerce, normalized.hasPrefix("/wc/") {
            return RESTError.noRoute.response
        }
        guard let (entry, ids) = router.match(method: request.method == "PATCH" ? "PUT" : request.method,
                                                route: normalized) else {
            return RESTError.noRoute.response
        }
        if let denied = check(entry.permission, user: user, method: request.method, ids: ids) {
            return denied.response
        }
        let body: JSON
        if request.body.isEmpty || request.body.allSatisfy({ [9, 10, 13, 32].contains($0) }) {
            body = .object([])
        } else {
            do {
                body = try JSON(parsing: request.body)
            } catch {
                return RESTError(400, "rest_invalid_json", "Invalid JSON body passed.").response
            }
        }
        let context = RouteContext(request: request, route: normalized, body: body, user: user, now: now,
                                   baseURL: controls.baseURL, mode: controls.mode)
        return state.withLock { state in
            do {
                return try entry.handler(&state, context, ids)
            } catch let error as RESTError {
                return error.response
            } catch {
                return RESTError(500, "internal_server_error", "\(error)").response
            }
        }
    }

    private static func normalized(_ route: String) -> String {
        route.count > 1 && route.hasSuffix("/") ? String(route.dropLast()) : route
    }

    /// `POST wc/pos/v1/catalog/create`: authenticated as a shop manager, then ``createCatalog(_:costs:workers:)``.
    private func posCatalog(_ request: HTTPRequest, route: String, controls: Controls) -> HTTPResponse {
        let user: User?
        switch authenticate(request) {
        case let .success(found): user = found
        case let .failure(error): return error.response
        }
        if let denied = check(.shopManager, user: user, method: request.method, ids: []) { return denied.response }
        var body = JSON.object([])
        if !request.body.isEmpty, !request.body.allSatisfy({ [9, 10, 13, 32].contains($0) }) {
            guard let parsed = try? JSON(parsing: request.body) else {
                return RESTError(400, "rest_invalid_json", "Invalid JSON body passed.").response
            }
            body = parsed
        }
        let context = RouteContext(request: request, route: Self.catalogCreateRoute, body: body, user: user, now: now,
                                   baseURL: controls.baseURL, mode: controls.mode)
        return createCatalog(context, costs: controls.storeCosts, workers: controls.workers)
    }

    private func authenticate(_ request: HTTPRequest) -> Result<User?, RESTError> {
        guard let header = request.headers["authorization"] else { return .success(nil) }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "basic",
              let decoded = Data(base64Encoded: String(parts[1])).flatMap({ String(data: $0, encoding: .utf8) }),
              let colon = decoded.firstIndex(of: ":") else {
            return .failure(RESTError(401, "rest_not_logged_in", "Malformed Authorization header."))
        }
        let username = String(decoded[..<colon])
        let password = String(decoded[decoded.index(after: colon)...]).replacingOccurrences(of: " ", with: "")
        return state.withLock { state in
            guard let user = state.users.first(where: { $0.username == username }) else {
                return .failure(RESTError(401, "invalid_username",
                                          "Unknown username. Check again or try your email address."))
            }
            guard user.applicationPassword.replacingOccurrences(of: " ", with: "") == password else {
                return .failure(RESTError(401, "incorrect_password",
                                          "The provided password is an invalid application password."))
            }
            return .success(user)
        }
    }

    private func check(_ permission: Router.Permission, user: User?, method: String, ids: [Int64]) -> RESTError? {
        switch permission {
        case .everyone:
            return nil
        case .loggedIn:
            return user == nil ? RESTError(401, "rest_not_logged_in", "You are not currently logged in.") : nil
        case .shopManager:
            if user?.role.canManageWooCommerce == true { return nil }
            let action = switch method {
            case "GET": "view"
            case "DELETE": "delete"
            default: ids.isEmpty ? "create" : "edit"
            }
            let message = switch action {
            case "view": "Sorry, you cannot list resources."
            case "create": "Sorry, you are not allowed to create resources."
            case "delete": "Sorry, you are not allowed to delete this resource."
            default: "Sorry, you are not allowed to edit this resource."
            }
            return RESTError(user == nil ? 401 : 403, "woocommerce_rest_cannot_\(action)", message)
        }
    }

    // MARK: - Request log

    func record(_ entry: LoggedRequest) {
        let ready = log.withLock { log -> [CheckedContinuation<Void, Never>] in
            log.entries.append(entry)
            let count = log.entries.count
            let ready = log.waiters.filter { $0.count <= count }.map(\.continuation)
            log.waiters.removeAll { $0.count <= count }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }

    /// Every request handled so far (control endpoints excluded).
    public var requestLog: [LoggedRequest] {
        log.withLock { $0.entries }
    }

    /// Returns once at least `count` requests have been logged (no polling, no sleeping).
    public func waitForRequests(count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = log.withLock { log -> Bool in
                if log.entries.count >= count { return true }
                log.waiters.append((count, continuation))
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// Forgets the request log.
    public func clearRequestLog() {
        log.withLock { $0.entries.removeAll() }
    }
}
