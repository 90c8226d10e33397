import POSFoundation
import Foundation
import Localization
import Synchronization
import Yosemite

/// Times as this command prints them: local date and time in the store's time zone for a person
/// (``Strings/dateTime(_:in:)``: "29.11.2026 15:47", "2026-11-29 15:47"), ISO 8601 with that zone's offset for
/// `--json` (``ISOTime``: "2026-11-29T15:47:18+01:00"). The store's time zone is the receipts' (`timeZone` in
/// receipt-settings.json, which the receipts and the DSFinV-K export use too), else the till's (`TZ`,
/// /etc/localtime) — ``StoresManager/localTimeZone``; ``OrderCommandSupport/withStores(data:openDemo:_:)`` reads it
/// once per command.
enum LocalTime {
    private static let storeZone = Mutex<TimeZone?>(nil)

    /// The store's time zone once a command read it, else the till's.
    static var zone: TimeZone { storeZone.locked { $0 } ?? .current }

    /// Reads the store's time zone for the rest of the command.
    @MainActor
    static func load(_ manager: StoresManager) {
        let zone = manager.localTimeZone
        storeZone.locked { $0 = zone }
    }

    /// A local date and time for a person, in the screen's language.
    static func text(_ date: Date) -> String { L10n.dateTime(date, in: zone) }

    /// ISO 8601 with the offset, for `--json`.
    static func iso(_ date: Date) -> String { ISOTime.string(date, in: zone) }

    /// `--json`'s way of writing a `Date` field: ``iso(_:)``.
    static let jsonDates = JSONEncoder.DateEncodingStrategy.custom { date, encoder in
        var container = encoder.singleValueContainer()
        try container.encode(iso(date))
    }

    /// Prints dates as ``LocalTime/text(_:)`` where a formatter's `string(from:)` is expected.
    struct Formatter {
        func string(from date: Date) -> String { LocalTime.text(date) }
    }
}
