import Foundation

extension NetworkError {
    /// The error for a non-success HTTP answer; nil for a 2xx status.
    ///
    /// A WordPress error body (`{code, message, data:{status}}`) is kept in the error. A 404 `rest_no_route`
    /// on a `wc/…` path means WooCommerce (or that route) is missing. `Retry-After` is read as seconds or as
    /// an HTTP date (relative to the `Date` header, else `now`).
    ///
    /// - Parameters:
    ///   - status: The HTTP status code.
    ///   - headers: The response headers.
    ///   - body: The response body.
    ///   - path: The request's route, such as `wc/v3/orders/12`.
    ///   - now: The current time, for HTTP-date `Retry-After` values.
    public init?(status: Int, headers: HTTPHeaders, body: Data, path: String, now: Date = Date()) {
        guard !(200..<300).contains(status) else { return nil }
        let error = WordPressError(data: body)
        switch status {
        case 401:
            self = .unauthorized(error)
        case 403:
            self = .forbidden(error)
        case 404:
            if error?.code == "rest_no_route", path.hasPrefix("wc/") || path.hasPrefix("wc-") {
                self = .wooCommerceMissing(path: path)
            } else {
                self = .notFound(path: path, error)
            }
        case 429:
            self = .rateLimited(retryAfter: NetworkError.retryAfter(headers: headers, now: now))
        case 500...599:
            self = .serverError(status: status, error)
        default:
            self = .unexpectedStatus(status: status, error)
        }
    }

    /// The wait a `Retry-After` header asks for: delta-seconds or an IMF-fixdate.
    static func retryAfter(headers: HTTPHeaders, now: Date) -> Duration? {
        guard let value = headers["Retry-After"]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value) { return .seconds(max(seconds, 0)) }
        guard let date = HTTPDate.parse(value) else { return nil }
        let reference = headers["Date"].flatMap(HTTPDate.parse) ?? now
        return .seconds(max(Int(date.timeIntervalSince(reference).rounded(.up)), 0))
    }
}
