import Localization
import POSFoundation
import Storage

/// Why a shift operation failed.
public enum ShiftError: Error, Sendable, Equatable, ActionFailure {
    /// No store handles the action in the session's current state (logged out, or the demo store).
    case unhandled(UnhandledAction)
    /// Opening a shift while one is open.
    case alreadyOpen(shiftId: Int64)
    /// Cash in/out or close with no open shift.
    case noOpenShift
    /// No shift with that id (or none at all).
    case shiftNotFound(Int64?)
    /// An amount that is not money, or not more than zero where it must be.
    case invalidAmount(String)
    /// An amount that could be read two ways ("1.000" where "." groups thousands) or has too many decimals: why,
    /// and what to type instead.
    case unclearAmount(String)
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
    /// Cashiers are set up and this needs a manager's PIN; nothing happened.
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
        case .unhandled(let unhandled): unhandled.message
        case .alreadyOpen(let id): L10n.tr("error.shift.alreadyOpen", ["shift": String(id)])
        case .noOpenShift: L10n.tr("error.shift.noOpenShift")
        case .shiftNotFound(let id):
            id.map { L10n.tr("error.shift.shiftNotFound", ["shift": String($0)]) } ?? L10n.tr("error.shift.noShiftYet")
        case .invalidAmount(let text): L10n.tr("error.shift.invalidAmount", ["text": text])
        case .unclearAmount(let reason): reason
        case .reasonMissing: L10n.tr("error.shift.reasonMissing")
        case .storeSettingsMissing: L10n.tr("error.shift.storeSettingsMissing")
        case .storage(let error): L10n.tr("error.shift.storage", ["clause": error.clause])
        case .printFailed(let detail): L10n.tr("error.shift.printFailed", ["detail": detail])
        case .drawerFailed(let detail): L10n.tr("error.shift.drawerFailed", ["detail": detail])
        case .cashier(let error): error.message
        case .shiftStillOpen(let id): L10n.tr("error.shift.shiftStillOpen", ["shift": String(id)])
        case .endOfDayAlreadyRan(let id): L10n.tr("error.shift.endOfDayAlreadyRan", ["shift": String(id)])
        case .noReader: L10n.tr("error.shift.noReader")
        }
    }

    public var recoverySuggestion: String {
        switch self {
        case .unhandled(let unhandled): unhandled.recoverySuggestion
        case .alreadyOpen: L10n.tr("error.shift.alreadyOpen.hint")
        case .noOpenShift: L10n.tr("error.shift.noOpenShift.hint")
        case .shiftNotFound(nil): L10n.tr("error.shift.noShiftYet.hint")
        case .shiftNotFound: L10n.tr("error.shift.shiftNotFound.hint")
        case .invalidAmount, .unclearAmount: L10n.tr("error.shift.invalidAmount.hint")
        case .reasonMissing: L10n.tr("error.shift.reasonMissing.hint")
        case .storeSettingsMissing: L10n.tr("error.shift.storeSettingsMissing.hint")
        case .storage(let error): error.suggestion(otherwise: L10n.tr("error.shift.storage.hint"))
        case .printFailed: L10n.tr("error.shift.printFailed.hint")
        case .drawerFailed: L10n.tr("error.shift.drawerFailed.hint")
        case .cashier(let error): error.recoverySuggestion
        case .shiftStillOpen: L10n.tr("error.shift.shiftStillOpen.hint")
        case .endOfDayAlreadyRan: L10n.tr("error.shift.endOfDayAlreadyRan.hint")
        case .noReader: L10n.tr("error.shift.noReader.hint")
        }
    }
}
