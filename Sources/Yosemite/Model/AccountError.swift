import Localization
import Networking
import POSFoundation
import Storage

/// Why logging in or out did not work, and what to do about it.
public enum AccountError: UserFacingError, Equatable, ActionFailure {
    /// No store handles the action in the session's current state (logged out, or the demo store).
    case unhandled(UnhandledAction)
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
        case .unhandled(let unhandled): unhandled.message
        case .invalidSiteURL(let url): L10n.tr("error.account.invalidSiteURL", ["url": url])
        case .insecureSite(let url): L10n.tr("error.account.insecureSite", ["url": url])
        case .siteUnreachable(let reason): L10n.tr("error.account.siteUnreachable", ["reason": reason])
        case .notWordPress(let url): L10n.tr("error.account.notWordPress", ["url": url])
        case .wooCommerceMissing(let url): L10n.tr("error.account.wooCommerceMissing", ["url": url])
        case .badCredentials: L10n.tr("error.account.badCredentials")
        case .insufficientPermission(let username): L10n.tr("error.account.insufficientPermission", ["user": username])
        case .unexpectedResponse(let detail): L10n.tr("error.account.unexpectedResponse", ["detail": detail])
        case .pendingWork(let entries, let payments, let carts):
            L10n.tr(carts > 0 ? "error.account.pendingWork.carts" : "error.account.pendingWork",
                    ["entries": String(entries), "payments": String(payments), "carts": String(carts)])
        case .fiscalDataNotExported(let sales, let movements):
            L10n.tr(movements > 0 ? "error.account.fiscalNotExported.movements" : "error.account.fiscalNotExported",
                    ["sales": String(sales), "movements": String(movements)])
        case .storage(let error): L10n.tr("error.account.storage", ["clause": error.clause])
        }
    }

    public var recoverySuggestion: String {
        switch self {
        case .unhandled(let unhandled): unhandled.recoverySuggestion
        case .invalidSiteURL: L10n.tr("error.account.invalidSiteURL.hint")
        case .insecureSite: L10n.tr("error.account.insecureSite.hint")
        case .siteUnreachable: L10n.tr("error.account.siteUnreachable.hint")
        case .notWordPress: L10n.tr("error.account.notWordPress.hint")
        case .wooCommerceMissing: L10n.tr("error.account.wooCommerceMissing.hint")
        case .badCredentials: L10n.tr("error.account.badCredentials.hint")
        case .insufficientPermission: L10n.tr("error.account.insufficientPermission.hint")
        case .unexpectedResponse: L10n.tr("error.account.unexpectedResponse.hint")
        case .pendingWork: L10n.tr("error.account.pendingWork.hint")
        case .fiscalDataNotExported: L10n.tr("error.account.fiscalNotExported.hint")
        case .storage(let error): error.suggestion(otherwise: L10n.tr("error.account.storage.hint"))
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
