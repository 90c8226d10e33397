import Foundation
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

    /// Creates a context.
    public init(
        store: StoreSettings, cashier: String? = nil, timeZone: TimeZone = .current, taxNumber: String? = nil,
        footer: [String] = ["Thank you for your visit!"]
    ) {
        self.store = store
        self.cashier = cashier
        self.timeZone = timeZone
        self.taxNumber = taxNumber
        self.footer = footer
    }

    /// An amount in the store's format ("12,50 €").
    func format(_ money: Money) -> String { money.formatted(store.moneyFormat) }

    /// Date ("2026-11-21") and time ("14:05") in the store's time zone.
    func dateAndTime(_ date: Date) -> (date: String, time: String) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return ("\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day))", "\(two(parts.hour)):\(two(parts.minute))")
    }
}
