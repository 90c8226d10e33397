import Foundation
import Synchronization

/// Control endpoints under `/__test/` so scripts and other processes can drive the server.
///
/// - `POST /__test/faults` `{"kind": "status|latency|reset_before_write|reset_after_write|malformed_json|truncated_body",
///   "method": "POST", "path": "/wc/v3/orders", "count": 1, "one_in": 1, "status": 503, "body": "…", "retry_after": 2,
///   "latency_ms": 200}`; `DELETE /__test/faults` clears them.
/// - `POST /__test/mode` `{"mode": "wooCommerce|wordPressWithoutWooCommerce|notWordPress",
///   "pretty_permalinks": true, "latency_ms": 0}`.
/// - `POST /__test/reset` `{"seed": "demo|empty"}` (users are kept).
/// - `POST /__test/users` `{"username": "…", "password": "…", "role": "shop_manager"}` (optional `"name"`, the
///   display name, and `"capabilities"`, granted beside the role's).
/// - `POST /__test/clock` `{"advance_seconds": 60}`.
/// - `POST /__test/settings` `{"woocommerce_prices_include_tax": "no", …}`.
/// - `POST /__test/catalog` `{"offered": true, "block": "none|forbidden|html", "items_per_second": 375}`: the POS
///   catalog API (see ``WooTestServer/createCatalog(_:costs:workers:)``); answers with the current generation.
/// - `GET /__test/costs`: the store CPU charged under store costs so far, in all and per request kind
///   (`{"server_cpu_ms": …, "requests": …, "kinds": {"product_page": {"requests": …, "server_cpu_ms": …}, …}}`);
///   a benchmark reads it before and after each client.
/// - `GET /__test/state`: mode, counts, orders (full JSON), stock levels and the request log.
/// - The answers of `mode`, `reset`, `settings` and `state` carry `request_count`, the size of the whole request
///   log (`POST /__test/mode {}` reads it cheaply).
extension WooTestServer {
    func handleControl(_ request: HTTPRequest) -> HTTPResponse {
        let body: JSON
        do {
            body = request.body.isEmpty ? .object([]) : try JSON(parsing: request.body)
        } catch {
            return RESTError(400, "rest_invalid_json", "Invalid JSON body passed.").response
        }
        switch (request.method, request.path) {
        case ("POST", "/__test/faults"):
            guard let fault = Self.fault(from: body) else {
                return RESTError(400, "invalid_fault", "Unknown fault kind.").response
            }
            faults.add(fault)
            return .json(201, .object([("pending", .int(Int64(faults.pending.count)))]))
        case ("DELETE", "/__test/faults"):
            faults.removeAll()
            return .json(200, .object([("pending", .int(0))]))
        case ("POST", "/__test/mode"):
            if let text = body["mode"]?.stringValue {
                guard let mode = Mode(rawValue: text) else {
                    return RESTError(400, "invalid_mode", "Unknown mode \(text).").response
                }
                self.mode = mode
            }
            if let pretty = body["pretty_permalinks"]?.boolValue { prettyPermalinks = pretty }
            if let latency = body["latency_ms"]?.intValue { globalLatencyMilliseconds = Int(latency) }
            if let costs = body["store_costs"]?.boolValue { storeCosts = costs ? .storeLike : nil }
            return .json(200, controlSummary())
        case ("POST", "/__test/reset"):
            reset(seedDemo: body["seed"]?.stringValue != "empty")
            faults.removeAll()
            clearRequestLog()
            return .json(200, controlSummary())
        case ("POST", "/__test/users"):
            guard let username = body["username"]?.stringValue, let password = body["password"]?.stringValue,
                  let role = UserRole(rawValue: body["role"]?.stringValue ?? "administrator") else {
                return RESTError(400, "invalid_user", "username, password and a known role are required.").response
            }
            addUser(username: username, applicationPassword: password, role: role, name: body["name"]?.stringValue,
                    capabilities: body["capabilities"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            return .json(201, .object([("username", .string(username))]))
        case ("POST", "/__test/clock"):
            let seconds = body["advance_seconds"]?.intValue ?? 0
            controls.withLock { $0.clockOffset += TimeInterval(seconds) }
            return .json(200, .object([("now", .string(WooDate.format(now)))]))
        case ("POST", "/__test/settings"):
            let failed = updateSettings { settings in
                (body.objectValue ?? []).filter { !settings.set($0.0, to: $0.1.stringValue ?? "") }.map(\.0)
            }
            guard failed.isEmpty else {
                return RESTError(400, "invalid_setting", "Unknown settings: \(failed.joined(separator: ", "))").response
            }
            return .json(200, controlSummary())
        case ("POST", "/__test/catalog"):
            if let offered = body["offered"]?.boolValue { offersPOSCatalog = offered }
            if let text = body["block"]?.stringValue {
                guard let block = CatalogFileBlock(rawValue: text) else {
                    return RESTError(400, "invalid_block", "Unknown block \(text).").response
                }
                catalogFileBlock = block
            }
            if let rate = body["items_per_second"]?.stringValue.flatMap(Double.init) { catalogItemsPerSecond = rate }
            let feed = catalogFeed.map(Self.json) ?? .null
            return .json(200, .object([("offered", .bool(offersPOSCatalog)),
                                       ("block", .string(catalogFileBlock.rawValue)), ("feed", feed)]))
        case ("GET", "/__test/costs"):
            return .json(200, storeCostLedger.json)
        case ("GET", "/__test/state"):
            return .json(200, stateJSON())
        default:
            return RESTError.noRoute.response
        }
    }

    private static func fault(from body: JSON) -> Fault? {
        let kind: Fault.Kind
        switch body["kind"]?.stringValue ?? "status" {
        case "status":
            kind = .status(Int(body["status"]?.intValue ?? 500), body: body["body"]?.stringValue,
                           retryAfter: body["retry_after"]?.intValue.map(Int.init))
        case "latency": kind = .latency(milliseconds: Int(body["latency_ms"]?.intValue ?? 100))
        case "reset_before_write": kind = .resetBeforeWrite
        case "reset_after_write": kind = .resetAfterWrite
        case "malformed_json": kind = .malformedJSON
        case "truncated_body": kind = .truncatedBody
        default: return nil
        }
        return Fault(kind, method: body["method"]?.stringValue, path: body["path"]?.stringValue ?? "",
                     count: Int(body["count"]?.intValue ?? 1), oneIn: Int(body["one_in"]?.intValue ?? 1))
    }

    private func controlSummary() -> JSON {
        let controls = self.controls.withLock { $0 }
        return .object([
            ("mode", .string(controls.mode.rawValue)), ("pretty_permalinks", .bool(controls.prettyPermalinks)),
            ("latency_ms", .int(Int64(controls.latencyMilliseconds))), ("pending_faults", .int(Int64(faults.pending.count))),
            ("request_count", .int(Int64(requestLog.count))),
        ])
    }

    private func stateJSON() -> JSON {
        let controls = self.controls.withLock { $0 }
        let context = RouteContext(
            request: HTTPRequest(method: "GET", path: "/", queryItems: [], headers: [:], body: []), route: "/",
            body: .object([]), user: nil, now: now, baseURL: controls.baseURL, mode: controls.mode)
        let (orders, stock, counts) = state.withLock { state in
            let orders = state.orders.values.sorted { $0.id < $1.id }.map { OrderRoutes.render($0, state, context) }
            let stock = state.products.values.filter(\.manageStock).sorted { $0.id < $1.id }.map { product in
                JSON.object([("id", .int(product.id)), ("sku", .string(product.sku)),
                             ("stock_quantity", product.stockQuantity.map(JSON.int) ?? .null)])
            }
            let counts: JSON = .object([
                ("products", .int(Int64(state.products.count))), ("orders", .int(Int64(state.orders.count))),
                ("customers", .int(Int64(state.customers.count))), ("coupons", .int(Int64(state.coupons.count))),
                ("refunds", .int(Int64(state.refunds.count))), ("notes", .int(Int64(state.notes.count))),
            ])
            return (orders, stock, counts)
        }
        let requests = requestLog.suffix(500).map { entry in
            JSON.object([("method", .string(entry.method)), ("path", .string(entry.path)),
                         ("query", .string(entry.query)), ("status", .int(Int64(entry.status)))])
        }
        return controlSummary()
            .setting("now", .string(WooDate.format(now)))
            .setting("counts", counts).setting("orders", .array(orders)).setting("stock", .array(stock))
            .setting("requests", .array(requests))
    }
}
