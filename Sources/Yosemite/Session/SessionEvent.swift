import Foundation

/// The session's state as one value: what waits to sync, whether the store answers, the card reader and the
/// terminals plugged in, the printer's last job and the TSE. ``StoresManager/sessionEvents()`` delivers the
/// current value first, then a new one after every change; the counter's status line draws it, and a customer
/// display can subscribe the same way.
public struct SessionEvent: Hashable, Sendable {
    /// Whether the store answered lately, as the sync engine saw it.
    public enum Connectivity: Hashable, Sendable {
        /// Nothing has been sent yet in this session.
        case notChecked
        case online
        /// The store could not be reached; `lastError` says why, for people.
        case offline(lastError: String?)
        /// The embedded demo store: there is no network, and nothing is ever sent.
        case demo
    }

    /// A known payment terminal plugged in by USB.
    public struct PluggedReader: Hashable, Sendable {
        /// Its reader address, e.g. `concert+usb://0b00:0080`.
        public var address: String
        /// The model, e.g. "Ingenico Desk/5000".
        public var name: String
        /// The USB id, e.g. "0b00:0080".
        public var usbID: String

        public init(address: String, name: String, usbID: String) {
            self.address = address
            self.name = name
            self.usbID = usbID
        }
    }

    /// The card reader: connected or not, busy with an operation, and the terminals plugged in.
    public struct Reader: Hashable, Sendable {
        /// The connected reader's address and name, if any.
        public var connectedAddress: String?
        public var connectedName: String?
        /// An operation (payment, refund, end of day…) holds the reader.
        public var isBusy = false
        /// Known terminals plugged in now, by address.
        public var plugged: [PluggedReader] = []

        public init() {}
    }

    /// The printer's last receipt job.
    public enum PrintOutcome: Hashable, Sendable {
        /// No receipt printed in this store yet.
        case none
        case printing(printer: String?)
        case printed(printer: String?)
        case failed(printer: String?, error: String)
    }

    /// Orders (and stand-alone entries) not on the server yet.
    public var unsyncedOrders = 0
    /// Outbox entries pending or in flight: what the sync scheduler sends.
    public var pendingEntries = 0
    /// Outbox entries parked for a person.
    public var parkedEntries = 0
    /// Sales parked at the counter.
    public var parkedSales = 0
    /// Card payments not settled with the terminal.
    public var unresolvedPayments = 0
    public var connectivity = Connectivity.notChecked
    public var reader = Reader()
    public var printer = PrintOutcome.none
    /// The TSE outage still open (German fiscal law), if any.
    public var fiscalOutage: FiscalOutage?
    /// The register is in training: the status line says TRAINING.
    public var training = false
    /// Changes whenever a cashier is added, removed, locked, unlocked or re-PINned, or anyone signs in or out, in
    /// this process or another (`pos cashier …` while the counter runs): the counter's lock reloads on a change.
    public var cashierRosterVersion = 0
    /// The step the card terminal is at in a sale's card payment ("Insert card", "Enter PIN", approved, declined),
    /// as the payment coordinator last reported it: the kind of step only, never the terminal's text (it could
    /// carry card data). The customer display shows it in its own words; `nil` before any card payment.
    public var cardStep: CardStep?
    /// Counts rewrites of the app settings file by any process (`pos settings set`, another front).
    public var settingsRevision = 0

    public init() {}
}

extension SessionEvent {
    /// A sale's card payment at one step of the terminal.
    public struct CardStep: Hashable, Sendable {
        /// The sale being paid.
        public var saleId: Int64
        /// The step's kind, as the customer display words it (never the terminal's text).
        public var step: CustomerDisplayState.CardStep

        public init(saleId: Int64, step: CustomerDisplayState.CardStep) {
            self.saleId = saleId
            self.step = step
        }
    }
}
