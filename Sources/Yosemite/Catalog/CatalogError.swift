import Foundation
import Networking
import POSFoundation
import Storage

/// Why a catalog sync, lookup or search failed.
public enum CatalogError: UserFacingError, Hashable {
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
        case .notFound(let code): "not found: \(code)"
        case .notFoundOffline(let code, let reason): "not in the catalog: \(code) (the store could not be asked: \(reason))"
        case .demoStore: "this is the demo store: its catalog is built in and there is no site to sync from"
        case .network(let error): "catalog sync failed: \(error.message)"
        case .settings(let error): "could not load the store settings: \(error.message)"
        case .storage(let error): "the local catalog could not be read or written: \(error.clause)"
        case .unreadableLabel(let code, let reason): "label \(code) cannot be sold: \(reason)"
        }
    }

    /// What to do about it.
    public var recoverySuggestion: String {
        switch self {
        case .notFound, .notFoundOffline:
            "Check the code, search by name with `pos catalog search TEXT`, or run `pos catalog sync` if the product is new; or sell it as a manual item, marked for review (`pos sell --manual price=AMOUNT,tax=CLASS,code=CODE`; on the counter, type the price when asked)."
        case .demoStore: "Run `pos login` to connect a real store, then `pos catalog sync`."
        case .network(let error): error.recoverySuggestion
        case .settings: "Check the connection to the store and run `pos catalog sync` again."
        case .storage(let error): error.suggestion(otherwise: "Check the free disk space and permissions of the data directory.")
        case .unreadableLabel: "Scan the label again; if it still fails, print a new label on the scale or key the item."
        }
    }
}
