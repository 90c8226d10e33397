import POSFoundation
import Storage

/// Why a shift operation failed.
public enum ShiftError: Error, Sendable, Equatable {
    /// Opening a shift while one is open.
    case alreadyOpen(shiftId: Int64)
    /// Cash in/out or close with no open shift.
    case noOpenShift
    /// No shift with that id (or none at all).
    case shiftNotFound(Int64?)
    /// An amount that is not money, or not more than zero where it must be.
    case invalidAmount(String)
    /// Cash in/out without a reason.
    case reasonMissing
    /// The store settings (currency) are not loaded.
    case storeSettingsMissing
    /// The database failed.
    case storage(StorageError)
    /// The report is saved but printing it failed.
    case printFailed(String)
    /// The "no sale" drawer kick did not reach the printer: the drawer stayed shut and nothing was logged.
    case drawerFailed(String)
    /// Cashiers are set up and this needs a manager's PIN (issue 18); nothing happened.
    case cashier(CashierError)
    /// A terminal end of day for a shift that is still open.
    case shiftStillOpen(Int64)
    /// The shift's terminal end of day already ran.
    case endOfDayAlreadyRan(shiftId: Int64)
    /// No card reader is configured, so there is no end of day to run.
    case noReader
}

extension ShiftError: UserFacingError {
    public var message: String {
        switch self {
        case .alreadyOpen(let id): "Shift \(id) is already open."
        case .noOpenShift: "No shift is open."
        case .shiftNotFound(let id): id.map { "There is no shift \($0)." } ?? "There is no shift yet."
        case .invalidAmount(let text): "\"\(text)\" is not an amount."
        case .reasonMissing: "A cash movement needs a reason."
        case .storeSettingsMissing: "The store settings are not loaded, so the currency is unknown."
        case .storage(let error): "The shift could not be saved or read: \(error.clause)"
        case .printFailed(let detail): "The Z report is saved but did not print: \(detail)"
        case .drawerFailed(let detail): "The cash drawer did not open: \(detail)"
        case .cashier(let error): error.message
        case .shiftStillOpen(let id): "Shift \(id) is still open."
        case .endOfDayAlreadyRan(let id): "The terminal's end of day of shift \(id) already ran."
        case .noReader: "No card reader is configured."
        }
    }

    public var recoverySuggestion: String {
        switch self {
        case .alreadyOpen: "Close it first (pos shift close --counted AMOUNT), or keep selling in it."
        case .noOpenShift: "Open one with a counted float: pos shift open --float 100.00."
        case .shiftNotFound(nil):
            "Open the first shift with the counted float (pos shift open --float 100.00); `pos shift report` then shows it."
        case .shiftNotFound: "Run pos shift report without an id for the latest shift."
        case .invalidAmount: "Type it like 100.00 or 100,00."
        case .reasonMissing: "Say why the cash moved, e.g. \"bank deposit\"."
        case .storeSettingsMissing: "Log in and synchronise the store first (pos login, pos catalog sync)."
        case .storage(let error): error.suggestion(otherwise: "Check the disk and the data directory's permissions.")
        case .printFailed: "Fix the printer, then reprint it: pos shift report --print."
        case .drawerFailed:
            "The drawer opens through the receipt printer: check that it is on and chosen (pos printers list), then try again. Nothing was logged."
        case .cashier(let error): error.recoverySuggestion
        case .shiftStillOpen: "Close it (pos shift close --counted AMOUNT): the close runs the end of day."
        case .endOfDayAlreadyRan: "See it with pos shift report; a new end of day belongs to the next shift's close."
        case .noReader: "Set one (pos reader pay --reader ADDRESS remembers it, or the counter's settings), then try again."
        }
    }
}
