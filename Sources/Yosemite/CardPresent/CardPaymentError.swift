import Foundation
import Hardware
import Localization
import POSFoundation
import Storage

/// Why a card operation did not complete, with what the cashier should do next. One case per outcome the UI
/// shows differently.
public enum CardPaymentError: UserFacingError, Equatable, ActionFailure {
    /// No store handles the action in the session's current state (logged out, or the demo store).
    case unhandled(UnhandledAction)
    /// No reader address given and none remembered.
    case noReader
    /// The reader address does not parse.
    case invalidReader(String)
    /// The reader could not be reached or refused the connection (nothing charged).
    case readerUnavailable(CardReaderError)
    /// The card was declined, or the payment was cancelled (nothing charged).
    case declined(CardReaderError)
    /// The terminal never confirmed the outcome: the card may have been charged. Journalled as unknown.
    case outcomeUnknown(attemptId: String, reason: String)
    /// An earlier attempt on this order or reader is unresolved and the terminal cannot settle it.
    case unresolvedAttempt(attemptId: String, reason: String)
    /// The sale does not exist, is not open with something due, or the split does not fit what is due.
    case orderNotPayable(String)
    /// The refund does not fit the order.
    case invalidRefund(String)
    /// The attempt to resolve by hand does not exist or is already resolved.
    case attemptNotFound(String)
    /// Another card operation runs on the reader (in this process or another): nothing was started, and the
    /// running one must not be resolved by hand. `holder` is what the reader's lock file says, when readable.
    case readerBusy(reader: String, holder: ReaderLock.Holder?)
    /// The store's settings are not on this counter.
    case storeSettingsMissing
    /// The local database failed.
    case storage(StorageError)
    /// Cashiers are set up and this needs a manager's PIN; nothing was charged or refunded.
    case cashier(CashierError)

    public var message: String {
        switch self {
        case .unhandled(let unhandled): unhandled.message
        case .noReader: L10n.tr("error.card.noReader")
        case .invalidReader(let text): L10n.tr("error.card.invalidReader", ["address": text])
        case .readerUnavailable(let error): L10n.tr("error.card.readerUnavailable", ["error": error.message])
        case .declined(let error) where error.underlying == .aborted:
            // A cancel on the terminal, or the driver's abort after the terminal went silent: never "failed: cancelled".
            L10n.tr("error.card.cancelled")
        case .declined(let error): L10n.tr("error.card.declined", ["reason": error.message])
        case .outcomeUnknown(let id, let reason): L10n.tr("error.card.outcomeUnknown", ["attempt": id, "reason": reason])
        case .unresolvedAttempt(let id, let reason): L10n.tr("error.card.unresolvedAttempt", ["attempt": id, "reason": reason])
        case .orderNotPayable(let why): L10n.tr("error.card.orderNotPayable", ["why": why])
        case .invalidRefund(let why): L10n.tr("error.card.invalidRefund", ["why": why])
        case .attemptNotFound(let id): L10n.tr("error.card.attemptNotFound", ["attempt": id])
        case .readerBusy(let reader, let holder): L10n.tr("error.card.readerBusy", ["reader": reader, "holder": Self.describe(holder)])
        case .storeSettingsMissing: L10n.tr("error.card.storeSettingsMissing")
        case .storage(let error): L10n.tr("error.card.storage", ["clause": error.clause])
        case .cashier(let error): error.message
        }
    }

    public var recoverySuggestion: String {
        switch self {
        case .unhandled(let unhandled): unhandled.recoverySuggestion
        case .noReader: L10n.tr("error.card.noReader.hint")
        case .invalidReader: L10n.tr("error.card.invalidReader.hint")
        case .readerUnavailable(let error): error.recoverySuggestion
        case .declined(let error): error.recoverySuggestion.isEmpty ? L10n.tr("error.card.declined.hint") : error.recoverySuggestion
        case .outcomeUnknown: L10n.tr("error.card.outcomeUnknown.hint")
        case .unresolvedAttempt(let id, _): L10n.tr("error.card.unresolvedAttempt.hint", ["attempt": id])
        case .orderNotPayable: L10n.tr("error.card.orderNotPayable.hint")
        case .invalidRefund: L10n.tr("error.card.invalidRefund.hint")
        case .attemptNotFound: L10n.tr("error.card.attemptNotFound.hint")
        case .readerBusy: L10n.tr("error.card.readerBusy.hint")
        case .storeSettingsMissing: L10n.tr("error.card.storeSettingsMissing.hint")
        case .storage(let error): error.suggestion(otherwise: L10n.tr("error.card.storage.hint"))
        case .cashier(let error): error.recoverySuggestion
        }
    }

    /// "attempt X (process N, since HH:MM:SS)", in the machine's time zone and the screen's language.
    static func describe(_ holder: ReaderLock.Holder?) -> String {
        guard let holder else { return L10n.tr("error.card.holder.unknown") }
        let what = holder.attemptId.map { L10n.tr("error.card.holder.attempt", ["attempt": $0]) }
            ?? L10n.tr("error.card.holder.operation", ["operation": operationName(holder.operation)])
        return L10n.tr("error.card.holder", ["what": what, "pid": String(holder.pid), "since": L10n.screen.timeOfDay(holder.since, in: .current)])
    }

    /// The lock file's operation ("payment", "end of day"…, written in English for any process to read), as the
    /// screen names it.
    static func operationName(_ operation: String) -> String {
        switch operation {
        case "payment": L10n.tr("error.card.holder.op.payment")
        case "refund": L10n.tr("error.card.holder.op.refund")
        case "reversal": L10n.tr("error.card.holder.op.reversal")
        case "end of day": L10n.tr("error.card.holder.op.endOfDay")
        case "connection": L10n.tr("error.card.holder.op.connection")
        case "resolution": L10n.tr("error.card.holder.op.resolution")
        default: operation
        }
    }
}
