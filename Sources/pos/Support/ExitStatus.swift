import ArgumentParser
import Yosemite

/// What pos's exit codes mean: the one table every command follows, printed by `pos --help` and kept in
/// docs/operations.md ("Exit codes"; a test compares the two). Scripts may rely on them.
enum ExitStatus: Int32, CaseIterable {
    case success = 0
    case failure = 1
    case notFound = 2
    case siteUnreachable = 3
    case notWordPress = 4
    case wooCommerceMissing = 5
    case badCredentials = 6
    case insufficientPermission = 7
    case pendingWork = 8
    case storageFailure = 9
    case notLoggedIn = 10
    case declined = 11
    case readerUnavailable = 12
    case outcomeUnknown = 13
    case printFailed = 14
    case readerBusy = 15
    case approvalRequired = 16
    case usage = 64

    var meaning: String {
        switch self {
        case .success: "done"
        case .failure: "refused or failed: the message says why (e.g. an order already fully refunded)"
        case .notFound: "not found: no such product, order, receipt, shift or customer"
        case .siteUnreachable: "site unreachable"
        case .notWordPress: "not a WordPress site"
        case .wooCommerceMissing: "WooCommerce missing"
        case .badCredentials: "wrong user name or application password"
        case .insufficientPermission: "user may not manage the shop"
        case .pendingWork: "refused: unsynced sales, unresolved payments, open carts or unexported fiscal data"
        case .storageFailure: "local storage failed: data directory not writable, disk full, or database damaged (the message names the file)"
        case .notLoggedIn: "not logged in to a store"
        case .declined: "card payment declined or cancelled (nothing charged)"
        case .readerUnavailable: "card reader unreachable or not usable"
        case .outcomeUnknown: "card payment outcome unknown: resolve it on the terminal before charging again"
        case .printFailed: "printing failed (the receipt is saved)"
        case .readerBusy: "card reader busy with another operation (nothing started, nothing to resolve)"
        case .approvalRequired: "refused by the cashier policy: sign in first, or a manager's PIN is needed, was wrong, or the cashier is locked"
        case .usage: "invalid arguments or site address"
        }
    }

    /// "0 done; 1 …; 64 …": meanings never contain "; ", so scripts (and the docs test) can split on it.
    static var summary: String {
        allCases.map { "\($0.rawValue) \($0.meaning)" }.joined(separator: "; ")
    }

    var exitCode: ExitCode { ExitCode(rawValue) }

    init(_ error: AccountError) {
        switch error {
        case .invalidSiteURL, .insecureSite: self = .usage
        case .siteUnreachable: self = .siteUnreachable
        case .notWordPress: self = .notWordPress
        case .wooCommerceMissing: self = .wooCommerceMissing
        case .badCredentials: self = .badCredentials
        case .insufficientPermission: self = .insufficientPermission
        case .unexpectedResponse: self = .failure
        case .pendingWork, .fiscalDataNotExported: self = .pendingWork
        case .storage: self = .storageFailure
        }
    }
}
