import Foundation
import POSFoundation

/// Why a request to the store failed, in terms a cashier or an operator can act on.
///
/// Each case says what happened (``message``) and what to do (``recoverySuggestion``). Errors never carry
/// credentials. Two properties drive retries: ``isRetryable`` (worth trying again later) and
/// ``mayHaveReachedServer`` (the request may have been processed, so a create must be looked up before it
/// is sent again).
///
/// ## Topics
/// - ``isRetryable``
/// - ``mayHaveReachedServer``
/// - ``init(status:headers:body:path:now:)``
public enum NetworkError: UserFacingError, Hashable {
    /// The site address is not a usable URL.
    case invalidSiteAddress(String, reason: String)
    /// Plain `http://` to a host that is not this machine.
    case insecureConnection(host: String)
    /// The host name could not be resolved (URLError -1003, -1006).
    case dnsFailure(host: String)
    /// Nothing listens at the address (URLError -1004).
    case connectionRefused(host: String)
    /// No answer in time (URLError -1001). The request may have been processed.
    case timeout(path: String)
    /// The secure connection could not be set up (URLError -1200…-1206, -2000).
    case tlsFailure(host: String, code: Int)
    /// The connection dropped before the answer was complete (URLError -1005). The request may have been processed.
    case connectionLost(path: String)
    /// This machine has no network (URLError -1009).
    case offline
    /// 401: the user name or application password is wrong or revoked.
    case unauthorized(WordPressError?)
    /// 403: the user may not do this.
    case forbidden(WordPressError?)
    /// 404: no such object or route.
    case notFound(path: String, WordPressError?)
    /// The site answers but WooCommerce's REST API is not there (`rest_no_route` on `wc/…`, or no `wc/v3`).
    case wooCommerceMissing(path: String)
    /// The address does not serve a WordPress REST API.
    case notWordPress(site: String)
    /// 429: too many requests; wait `retryAfter` when the server said how long.
    case rateLimited(retryAfter: Duration?)
    /// 5xx: the server failed. The request may have been processed.
    case serverError(status: Int, WordPressError?)
    /// Another non-success status (400, 409, 410…), with the server's error when it sent one.
    case unexpectedStatus(status: Int, WordPressError?)
    /// A success answer whose body could not be read: which path, what failed.
    case malformedResponse(path: String, reason: String)
    /// Another transport failure (the URLError code).
    case transport(code: Int, path: String)
    /// The request was cancelled.
    case cancelled

    /// Whether trying the same request again later may succeed.
    public var isRetryable: Bool {
        switch self {
        case .dnsFailure, .connectionRefused, .timeout, .connectionLost, .offline, .rateLimited, .serverError,
            .transport:
            true
        case .invalidSiteAddress, .insecureConnection, .tlsFailure, .unauthorized, .forbidden, .notFound,
            .wooCommerceMissing, .notWordPress, .unexpectedStatus, .malformedResponse, .cancelled:
            false
        }
    }

    /// Whether the server may have processed the request although no good answer came back.
    ///
    /// True for timeouts, lost connections, 5xx answers, unreadable success bodies and unknown transport
    /// failures: before re-sending a create, the sync engine must look the object up.
    public var mayHaveReachedServer: Bool {
        switch self {
        case .timeout, .connectionLost, .serverError, .malformedResponse, .transport, .cancelled:
            true
        case .invalidSiteAddress, .insecureConnection, .dnsFailure, .connectionRefused, .tlsFailure, .offline,
            .unauthorized, .forbidden, .notFound, .wooCommerceMissing, .notWordPress, .rateLimited, .unexpectedStatus:
            false
        }
    }

    /// The WordPress error the server sent, when there was one.
    public var wordPressError: WordPressError? {
        switch self {
        case .unauthorized(let error), .forbidden(let error), .notFound(_, let error), .serverError(_, let error),
            .unexpectedStatus(_, let error):
            error
        default:
            nil
        }
    }

    /// The HTTP status when the server answered with one.
    public var statusCode: Int? {
        switch self {
        case .unauthorized: 401
        case .forbidden: 403
        case .notFound, .wooCommerceMissing: 404
        case .rateLimited: 429
        case .serverError(let status, _), .unexpectedStatus(let status, _): status
        default: nil
        }
    }
}
