import Networking

/// What a failed send means for the entries in it.
enum SyncFailure: Equatable {
    /// The store cannot be reached: stop the sync, keep the entries as they were scheduled.
    case unreachable(uncertain: Bool)
    /// Try again after a backoff; `uncertain` when the request may have been applied.
    case transient(uncertain: Bool, retryAfter: Duration?)
    /// The store refused the mutation itself (4xx): park it with the reason.
    case refused(reason: String)
    /// The store refused the counter (credentials, rights, no WooCommerce): stop, change nothing.
    case storeRefused(reason: String)

    init(_ error: NetworkError) {
        switch error {
        case .dnsFailure, .connectionRefused, .offline, .tlsFailure, .invalidSiteAddress, .insecureConnection:
            self = .unreachable(uncertain: false)
        case .timeout, .connectionLost, .serverError, .malformedResponse, .transport, .cancelled:
            self = .transient(uncertain: error.mayHaveReachedServer, retryAfter: nil)
        case .rateLimited(let retryAfter):
            self = .transient(uncertain: false, retryAfter: retryAfter)
        case .unauthorized, .forbidden, .wooCommerceMissing, .notWordPress:
            self = .storeRefused(reason: error.message)
        case .notFound, .unexpectedStatus:
            self = .refused(reason: Self.reason(error))
        }
    }

    /// The server's own words when it gave some, else the error's message.
    static func reason(_ error: NetworkError) -> String {
        let status = error.statusCode.map { "HTTP \($0): " } ?? ""
        if let wordPress = error.wordPressError { return status + wordPress.description }
        return status + error.message
    }
}
