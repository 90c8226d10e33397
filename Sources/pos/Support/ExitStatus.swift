import ArgumentParser
import Localization
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
        case .success: L10n.tr("cli.exit.success")
        case .failure: L10n.tr("cli.exit.failure")
        case .notFound: L10n.tr("cli.exit.notFound")
        case .siteUnreachable: L10n.tr("cli.exit.siteUnreachable")
        case .notWordPress: L10n.tr("cli.exit.notWordPress")
        case .wooCommerceMissing: L10n.tr("cli.exit.wooCommerceMissing")
        case .badCredentials: L10n.tr("cli.exit.badCredentials")
        case .insufficientPermission: L10n.tr("cli.exit.insufficientPermission")
        case .pendingWork: L10n.tr("cli.exit.pendingWork")
        case .storageFailure: L10n.tr("cli.exit.storageFailure")
        case .notLoggedIn: L10n.tr("cli.exit.notLoggedIn")
        case .declined: L10n.tr("cli.exit.declined")
        case .readerUnavailable: L10n.tr("cli.exit.readerUnavailable")
        case .outcomeUnknown: L10n.tr("cli.exit.outcomeUnknown")
        case .printFailed: L10n.tr("cli.exit.printFailed")
        case .readerBusy: L10n.tr("cli.exit.readerBusy")
        case .approvalRequired: L10n.tr("cli.exit.approvalRequired")
        case .usage: L10n.tr("cli.exit.usage")
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
        case .unhandled: self = .notLoggedIn
        }
    }
}
