import Foundation
import Localization
import Networking
import POSFoundation
import Storage

/// Why a catalog sync, lookup or search failed.
public enum CatalogError: UserFacingError, Hashable, ActionFailure {
    /// No store handles the action in the session's current state (logged out, or the demo store).
    case unhandled(UnhandledAction)
    /// No product or variation has this SKU or GTIN.
    case notFound(code: String)
    /// Not in the local catalog, and the store could not be asked (offline, or it refused): `reason` says why.
    case notFoundOffline(code: String, reason: String)
    /// The counter runs the demo store: there is no site to sync from.
    case demoStore
    /// The site could not be reached or refused a request.
    case network(NetworkError)
    /// The store settings (currency) could not be synchronised first.
    case settings(SettingError)
    /// The local database failed.
    case storage(StorageError)
    /// A weight or price label (GS1 prefix 20–29) could not be read: a wrong check digit or price verifier
    /// digit, or a zero value. `reason` is the barcode error's message.
    case unreadableLabel(code: String, reason: String)

    /// True for a code the catalog lacks (whether or not the store could be asked).
    public var isNotInCatalog: Bool {
        switch self {
        case .notFound, .notFoundOffline: true
        default: false
        }
    }

    /// What happened, for the cashier or the operator.
    public var message: String {
        switch self {
        case .unhandled(let unhandled): unhandled.message
        case .notFound(let code): L10n.tr("error.catalog.notFound", ["code": code])
        case .notFoundOffline(let code, let reason): L10n.tr("error.catalog.notFoundOffline", ["code": code, "reason": reason])
        case .demoStore: L10n.tr("error.catalog.demoStore")
        case .network(let error): L10n.tr("error.catalog.network", ["error": error.message])
        case .settings(let error): L10n.tr("error.catalog.settings", ["error": error.message])
        case .storage(let error): L10n.tr("error.catalog.storage", ["clause": error.clause])
        case .unreadableLabel(let code, let reason): L10n.tr("error.catalog.unreadableLabel", ["code": code, "reason": reason])
        }
    }

    /// What to do about it.
    public var recoverySuggestion: String {
        switch self {
        case .unhandled(let unhandled): unhandled.recoverySuggestion
        case .notFound, .notFoundOffline: L10n.tr("error.catalog.notFound.hint")
        case .demoStore: L10n.tr("error.catalog.demoStore.hint")
        case .network(let error): error.recoverySuggestion
        case .settings: L10n.tr("error.catalog.settings.hint")
        case .storage(let error): error.suggestion(otherwise: L10n.tr("error.catalog.storage.hint"))
        case .unreadableLabel: L10n.tr("error.catalog.unreadableLabel.hint")
        }
    }
}
