import Networking
import POSFoundation
import Storage

/// Why logging in or out did not work, and what to do about it.
public enum AccountError: UserFacingError, Equatable {
    /// The address is not a usable site URL.
    case invalidSiteURL(String)
    /// `http://` to a host that is not this machine: credentials would travel in clear text.
    case insecureSite(String)
    /// The site could not be reached (DNS, refused, timeout, TLS, connection lost); `reason` says which.
    case siteUnreachable(reason: String)
    /// Something answered, but it is not a WordPress site.
    case notWordPress(String)
    /// WordPress answered, but WooCommerce's REST API (`wc/v3`) is not there.
    case wooCommerceMissing(String)
    /// The user name or application password is wrong.
    case badCredentials
    /// The user may not manage the shop (needs Administrator or Shop manager).
    case insufficientPermission(username: String)
    /// The site answered something pos cannot use.
    case unexpectedResponse(String)
    /// Logout refused: sales or payments are not yet safe on the server.
    case pendingWork(unsyncedEntries: Int, unresolvedPayments: Int, openCarts: Int = 0)
    /// Logout refused: the TSE journal holds sales, refunds or cash movements no `pos fiscal export` has covered
    /// (German fiscal law).
    case fiscalDataNotExported(sales: Int, movements: Int = 0)
    /// Local storage failed (disk full, permissions).
    case storage(StorageError)

    public var message: String {
        switch self {
        case .invalidSiteURL(let url): "\"\(url)\" is not a site address."
        case .insecureSite(let url): "\(url) uses plain http:// to another machine; the password would travel unencrypted."
        case .siteUnreachable(let reason): "The site could not be reached: \(reason)"
        case .notWordPress(let url): "\(url) is not a WordPress site (no WordPress REST API answered)."
        case .wooCommerceMissing(let url): "\(url) runs WordPress but WooCommerce is not active (no wc/v3 REST API)."
        case .badCredentials: "The user name or application password is wrong."
        case .insufficientPermission(let username): "The user \(username) may not manage the shop."
        case .unexpectedResponse(let detail): "The site answered something unexpected: \(detail)"
        case .pendingWork(let entries, let payments, let carts):
            "Logout refused: \(entries) change(s) have not reached the store yet, \(payments) card payment(s) are unresolved"
                + (carts > 0 ? " and \(carts) open or parked cart(s) would be lost (`pos cart list`)." : ".")
        case .fiscalDataNotExported(let sales, let movements):
            "Logout refused: \(sales) signed or TSE-failed sale(s)"
                + (movements > 0 ? " and \(movements) refund(s) or cash movement(s)" : "")
                + " have not been exported (DSFinV-K); logging out would wipe the TSE journal."
        case .storage(let error): "Local storage failed: \(error.clause)"
        }
    }

    public var recoverySuggestion: String {
        switch self {
        case .invalidSiteURL: "Give the full address, e.g. https://shop.example."
        case .insecureSite: "Use https://."
        case .siteUnreachable: "Check the address and the network, then try again."
        case .notWordPress: "Check the address: it must be the WordPress site that runs the shop."
        case .wooCommerceMissing: "Install and activate WooCommerce on the site, then try again."
        case .badCredentials: "Create an application password under Users → Profile → Application Passwords and use it with your user name."
        case .insufficientPermission: "Log in as an Administrator or a Shop manager."
        case .unexpectedResponse: "Check that the site runs a current WooCommerce; try again later."
        case .pendingWork: "Let pos sync first (pos sync), resolve the payments, finish or void open carts (pos cart list), or use --force to throw them away."
        case .fiscalDataNotExported: "Close the shift (pos shift close) and export it first: pos fiscal export --from YYYY-MM-DD --to YYYY-MM-DD DIR. Or use --force to wipe the records anyway."
        case .storage(let error): error.suggestion(otherwise: "Free disk space or fix the data directory's permissions, then try again.")
        }
    }
}

extension AccountError {
    /// Maps a network failure during login to what it means for the person logging in.
    init(loginFailure error: NetworkError, siteURL: String, username: String) {
        switch error {
        case .invalidSiteAddress: self = .invalidSiteURL(siteURL)
        case .insecureConnection: self = .insecureSite(siteURL)
        case .dnsFailure, .connectionRefused, .timeout, .tlsFailure, .connectionLost, .offline, .serverError,
            .rateLimited, .transport:
            self = .siteUnreachable(reason: error.message)
        case .notWordPress: self = .notWordPress(siteURL)
        case .wooCommerceMissing: self = .wooCommerceMissing(siteURL)
        case .unauthorized: self = .badCredentials
        case .forbidden: self = .insufficientPermission(username: username)
        case .notFound, .unexpectedStatus, .malformedResponse, .cancelled:
            self = .unexpectedResponse(error.message)
        }
    }
}
