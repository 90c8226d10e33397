import Foundation
import Hardware
import POSFoundation
import Storage

/// Why a card operation did not complete, with what the cashier should do next. One case per outcome the UI
/// shows differently.
public enum CardPaymentError: UserFacingError, Equatable {
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
    /// Cashiers are set up and this needs a manager's PIN (issue 18); nothing was charged or refunded.
    case cashier(CashierError)

    public var message: String {
        switch self {
        case .noReader: "No card reader is set up on this counter."
        case .invalidReader(let text): "The reader address \(text) is not valid."
        case .readerUnavailable(let error): "The card reader is not available: \(error.message)"
        case .declined(let error) where error.underlying == .aborted:
            // A cancel on the terminal, or the driver's abort after the terminal went silent: never "failed: cancelled".
            "Not charged: the card payment was cancelled (at the terminal, or because the terminal stopped answering)."
        case .declined(let error): "Not charged: \(error.message)"
        case .outcomeUnknown(let id, let reason):
            "The terminal did not confirm the payment (\(reason)); it may have been charged. Attempt \(id) is recorded as unknown."
        case .unresolvedAttempt(let id, let reason):
            "An earlier card attempt (\(id)) is unresolved and the terminal cannot settle it: \(reason)."
        case .orderNotPayable(let why): "This order cannot be paid by card: \(why)."
        case .invalidRefund(let why): "This refund cannot be made: \(why)."
        case .attemptNotFound(let id): "No unresolved card attempt \(id)."
        case .readerBusy(let reader, let holder): "The card reader \(reader) is busy with \(Self.describe(holder))."
        case .storeSettingsMissing: "The store's settings are not on this counter yet."
        case .storage(let error): "The local database failed: \(error.clause)"
        case .cashier(let error): error.message
        }
    }

    public var recoverySuggestion: String {
        switch self {
        case .noReader: "Give a reader address (--reader zvt+tcp://HOST:PORT, or sim:// for the simulator)."
        case .invalidReader: "Use zvt+tcp://HOST[:PORT], zvt+serial:///dev/…, zvt+usb://VID:PID, concert+serial:///dev/… or sim://."
        case .readerUnavailable(let error): error.recoverySuggestion
        case .declined(let error): error.recoverySuggestion.isEmpty ? "Try again, try another card, or take cash." : error.recoverySuggestion
        case .outcomeUnknown:
            "Do not charge again. Run `pos reader resolve` (or reconnect the reader): it asks the terminal and records an approval once."
        case .unresolvedAttempt(let id, _):
            "Check the terminal's journal or last slip; then mark attempt \(id) resolved by hand (`pos reader resolve --attempt \(id) --charged|--not-charged`)."
        case .orderNotPayable: "Check the order with `pos orders show`."
        case .invalidRefund: "Refund at most what was paid and not refunded yet."
        case .attemptNotFound: "List unresolved attempts with `pos reader resolve`."
        case .readerBusy:
            "Nothing was started. Wait until that operation ends on the terminal (or its process stops), then try again."
        case .storeSettingsMissing: "Log in (`pos login`) while the store is reachable, once."
        case .storage(let error): error.suggestion(otherwise: "Check the disk, then try again.")
        case .cashier(let error): error.recoverySuggestion
        }
    }

    /// "attempt X (process N, since HH:MM:SS)", in the machine's time zone.
    static func describe(_ holder: ReaderLock.Holder?) -> String {
        guard let holder else { return "another operation (its lock file is being written)" }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .current
        formatter.dateFormat = "HH:mm:ss"
        let what = holder.attemptId.map { "attempt \($0)" } ?? "a \(holder.operation)"
        return "\(what) (process \(holder.pid), since \(formatter.string(from: holder.since)))"
    }
}
