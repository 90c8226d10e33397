import Foundation

/// What a route handler gets: the request, its parameters, the caller and the time.
struct RouteContext {
    /// The request.
    let request: HTTPRequest
    /// The REST route (`/wc/v3/orders/12`).
    let route: String
    /// The JSON body (an empty object when there is none).
    let body: JSON
    /// The authenticated user, if any.
    let user: User?
    /// The server clock's now.
    let now: Date
    /// `http://127.0.0.1:PORT`.
    let baseURL: String
    /// The site mode.
    let mode: WooTestServer.Mode

    var method: String { request.method }

    /// A parameter from the JSON body, else from the query (WordPress merges both, body first).
    func param(_ name: String) -> JSON? {
        if let value = body[name] { return value }
        return request.query(name).map(JSON.string)
    }

    /// A string parameter.
    func string(_ name: String) -> String? { param(name)?.stringValue }

    /// An integer parameter; a present but non-integer value is a `rest_invalid_param`.
    func int(_ name: String) throws(RESTError) -> Int64? {
        guard let value = param(name), value != .null else { return nil }
        guard let int = value.intValue else { throw RESTError.invalidParam(name, "\(name) is not of type integer") }
        return int
    }

    /// A boolean parameter.
    func bool(_ name: String) -> Bool? { param(name)?.boolValue }

    /// A date parameter (ISO 8601); a malformed one is a `rest_invalid_param`.
    func date(_ name: String) throws(RESTError) -> Date? {
        guard let text = string(name), !text.isEmpty else { return nil }
        guard let date = WooDate.parse(text) else { throw RESTError.invalidParam(name, "Invalid date.") }
        return date
    }

    /// A comma list of integers (`include=1,2,3`, also `include[]=`).
    func idList(_ name: String) -> [Int64]? {
        let values = request.queryItems.filter { $0.0 == name || $0.0 == name + "[]" }.map(\.1)
        var texts = values.flatMap { $0.split(separator: ",").map(String.init) }
        if let array = body[name]?.arrayValue { texts += array.compactMap(\.stringValue) }
        guard !texts.isEmpty else { return nil }
        return texts.compactMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// A comma list of strings.
    func stringList(_ name: String) -> [String]? {
        let values = request.queryItems.filter { $0.0 == name || $0.0 == name + "[]" }.map(\.1)
        guard !values.isEmpty else { return body[name]?.stringValue.map { $0.split(separator: ",").map(String.init) } }
        return values.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
    }

    /// A JSON response trimmed by `_fields` (top-level keys; `a.b` keeps `a`).
    func respond(_ status: Int, _ value: JSON, headers: [(String, String)] = []) -> HTTPResponse {
        guard let fields = request.query("_fields"), !fields.isEmpty else {
            return .json(status, value, headers: headers)
        }
        let keys = Set(fields.split(separator: ",").map {
            String($0.split(separator: ".").first ?? "").trimmingCharacters(in: .whitespaces)
        })
        let trimmed: JSON = switch value {
        case let .array(items): .array(items.map { $0.keeping(keys) })
        default: value.keeping(keys)
        }
        return .json(status, trimmed, headers: headers)
    }

    /// One page of `items` with `X-WP-Total` / `X-WP-TotalPages` (per_page 1…100, default 10).
    func page<T>(_ items: [T], defaultPerPage: Int = 10, render: (T) -> JSON) throws(RESTError) -> HTTPResponse {
        let perPage = Int(try int("per_page") ?? Int64(defaultPerPage))
        guard (1...100).contains(perPage) else {
            throw RESTError.invalidParam("per_page", "per_page must be between 1 (inclusive) and 100 (inclusive)")
        }
        let page = Int(try int("page") ?? 1)
        guard page >= 1 else { throw RESTError.invalidParam("page", "page must be greater than or equal to 1") }
        let totalPages = (items.count + perPage - 1) / perPage
        if page > 1, page > totalPages {
            throw RESTError(400, "rest_post_invalid_page_number",
                            "The page number requested is larger than the number of pages available.")
        }
        let start = min(items.count, (page - 1) * perPage)
        let slice = items[start..<min(items.count, start + perPage)]
        return respond(200, .array(slice.map(render)), headers: [
            ("X-WP-Total", String(items.count)), ("X-WP-TotalPages", String(totalPages)),
        ])
    }
}
