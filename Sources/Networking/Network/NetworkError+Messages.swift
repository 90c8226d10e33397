import POSFoundation

extension NetworkError {
    public var message: String {
        switch self {
        case .invalidSiteAddress(let text, let reason): "\"\(text)\" is not a valid store address. \(reason)"
        case .insecureConnection(let host): "The store \(host) must be reached over https://."
        case .dnsFailure(let host): "The store's address \(host) could not be found."
        case .connectionRefused(let host): "The store at \(host) refused the connection."
        case .timeout: "The store did not answer in time."
        case .tlsFailure(let host, _): "A secure connection to \(host) could not be set up."
        case .connectionLost: "The connection to the store was lost."
        case .offline: "This counter is not connected to a network."
        case .unauthorized(let error): "The store refused the user name or application password" + Self.detail(error)
        case .forbidden(let error): "This user is not allowed to do that in the store" + Self.detail(error)
        case .notFound(let path, let error): "The store has no \(path)" + Self.detail(error)
        case .wooCommerceMissing: "The site answers, but WooCommerce's REST API is not available."
        case .notWordPress(let site): "\(site) does not look like a WordPress site."
        case .rateLimited: "The store asked to slow down (too many requests)."
        case .serverError(let status, let error): "The store had an internal error (HTTP \(status))" + Self.detail(error)
        case .unexpectedStatus(let status, let error): "The store refused the request (HTTP \(status))" + Self.detail(error)
        case .malformedResponse(let path, let reason): "The store's answer for \(path) could not be read: \(reason)."
        case .transport(let code, _): "The request to the store failed (network error \(code))."
        case .cancelled: "The request was cancelled."
        }
    }

    public var recoverySuggestion: String {
        switch self {
        case .invalidSiteAddress: "Enter the address as https://your-store.example."
        case .insecureConnection: "Use https://. Plain http:// is only allowed for a store on this machine."
        case .dnsFailure: "Check the address for typos and that this counter has internet access."
        case .connectionRefused: "Check the address and port, and that the web server is running."
        case .timeout: "Check the connection. Sales are kept and will be sent when the store answers."
        case .tlsFailure: "Check the address, the system date and time, and the store's certificate."
        case .connectionLost: "Check the connection; the request will be checked and retried."
        case .offline: "Check the network cable or Wi-Fi. Sales are kept and sent later."
        case .unauthorized: "Check the user name, or create a new application password under Users → Profile."
        case .forbidden: "Sign in with a shop manager or administrator account."
        case .notFound: "It may have been deleted in the store; refresh and try again."
        case .wooCommerceMissing: "Install and activate WooCommerce, and check that its REST API is enabled."
        case .notWordPress: "Check the address: it must be the WordPress site where WooCommerce runs."
        case .rateLimited(let wait):
            wait.map { "Wait \($0.components.seconds) seconds; the counter will retry." } ?? "Wait a moment; the counter will retry."
        case .serverError: "Try again in a moment. If it persists, check the store's error log."
        case .unexpectedStatus: "Check the details; the request needs to be corrected."
        case .malformedResponse: "A plugin may be changing the store's answers. Update the app or check the plugins."
        case .transport: "Check the connection and try again."
        case .cancelled: ""
        }
    }

    private static func detail(_ error: WordPressError?) -> String {
        guard let error else { return "." }
        return error.message.isEmpty ? " (\(error.code))." : ": \(error.message) (\(error.code))."
    }
}
