import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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

    /// The error for a transport failure, from its URLError code.
    ///
    /// - Parameters:
    ///   - urlError: The error URLSession (libcurl) reported.
    ///   - host: The site's host, named in DNS, refusal and TLS errors.
    ///   - path: The request's route.
    public init(urlError: URLError, host: String, path: String) {
        self.init(urlErrorCode: urlError.errorCode, detail: urlError.localizedDescription, host: host, path: path)
    }

    /// The error for a URLError code (see ``init(urlError:host:path:)``).
    ///
    /// swift-corelibs-foundation reports several libcurl failures, TLS handshake errors among them, as
    /// `NSURLErrorUnknown` (-1) with OpenSSL's text as the description ("SSL routines::wrong version
    /// number"); `detail` is that text, used only to classify and never kept.
    public init(urlErrorCode code: Int, detail: String = "", host: String, path: String) {
        if code == NSURLErrorUnknown, NetworkError.looksLikeTLS(detail) {
            self = .tlsFailure(host: host, code: code)
            return
        }
        switch code {
        case NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed: self = .dnsFailure(host: host)
        case NSURLErrorCannotConnectToHost: self = .connectionRefused(host: host)
        case NSURLErrorTimedOut: self = .timeout(path: path)
        case NSURLErrorNetworkConnectionLost: self = .connectionLost(path: path)
        case NSURLErrorNotConnectedToInternet: self = .offline
        case NSURLErrorCancelled: self = .cancelled
        // By number: swift-corelibs-foundation's NSURLErrorSecureConnectionFailed is -1201, Apple's -1200;
        // -1200…-1207 are the TLS and certificate failures, -2000 is what libcurl's SSL errors can surface as.
        case -1207...(-1200), NSURLErrorCannotLoadFromNetwork:
            self = .tlsFailure(host: host, code: code)
        case NSURLErrorBadServerResponse, NSURLErrorCannotParseResponse, NSURLErrorCannotDecodeContentData,
            NSURLErrorCannotDecodeRawData:
            self = .malformedResponse(path: path, reason: "the server's answer was not valid HTTP (error \(code))")
        default: self = .transport(code: code, path: path)
        }
    }

    private static func looksLikeTLS(_ detail: String) -> Bool {
        let text = detail.lowercased()
        return ["ssl", "tls", "certificate", "openssl", "gnutls", "handshake"].contains { text.contains($0) }
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
