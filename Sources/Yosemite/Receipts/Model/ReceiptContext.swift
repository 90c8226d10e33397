import Foundation
import Localization
import POSFoundation

/// What a receipt needs besides the order: the shop header, how amounts look, the cashier, the store's time
/// zone and the footer.
public struct ReceiptContext: Sendable {
    /// The shop name, address and currency format (from the synced store settings).
    public var store: StoreSettings
    /// The cashier's name from the app settings.
    public var cashier: String?
    /// The store's time zone: dates and times on receipts are shown in it.
    public var timeZone: TimeZone
    /// The shop's tax (VAT) number, if it prints one.
    public var taxNumber: String?
    /// Footer lines ("Thank you!").
    public var footer: [String]
    /// The language of the labels, the templates and the dates: the store's site language unless given (receipts
    /// follow the store, whatever language the cashier's screen speaks).
    public var language: Language

    /// Creates a context; without `footer`, the thanks in the receipt's language.
    public init(
        store: StoreSettings, cashier: String? = nil, timeZone: TimeZone = .current, taxNumber: String? = nil,
        footer: [String]? = nil, language: Language? = nil
    ) {
        self.store = store
        self.cashier = cashier
        self.timeZone = timeZone
        self.taxNumber = taxNumber
        let language = language ?? store.siteLanguage
        self.language = language
        self.footer = footer ?? [Strings.of(language).tr("receipt.footer")]
    }

    /// The texts in the receipt's language.
    var strings: Strings { .of(language) }

    /// An amount in the store's format ("12,50 €").
    func format(_ money: Money) -> String { money.formatted(store.moneyFormat) }

    /// Date and time to the second in the store's time zone, as the receipt's language writes them ("29.11.2026
    /// 15:47:05", "2026-11-29 15:47:05"): the TSE's start and end on paper.
    func dateTimeWithSeconds(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let (day, time) = dateAndTime(date)
        return "\(day) \(time):" + String(format: "%02d", calendar.component(.second, from: date))
    }

    /// Date and time in the store's time zone, written as the receipt's language writes them: English receipts
    /// "2026-11-21" and "14:05" (ISO 8601, as before languages), German "21.11.2026" and "14:05" (DIN 5008).
    func dateAndTime(_ date: Date) -> (date: String, time: String) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        let time = "\(two(parts.hour)):\(two(parts.minute))"
        switch language {
        case .english: return ("\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day))", time)
        case .german: return ("\(two(parts.day)).\(two(parts.month)).\(parts.year ?? 0)", time)
        }
    }
}
