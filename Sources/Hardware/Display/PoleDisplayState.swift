import Localization
import POSFoundation

/// What a customer-facing pole display shows: one value per moment of a sale, fed from the session's events.
public enum PoleDisplayState: Hashable, Sendable {
    /// Between sales: a welcome line and an optional second line (the shop's name).
    case idle(welcome: String, second: String)
    /// The last item scanned and the running total.
    case item(name: String, price: Money, total: Money)
    /// The last item sold by weight: its price, and weight × price per kilogram on the second line
    /// (the three figures the law for trade scales wants shown together).
    case weighedItem(name: String, line: WeighedLine)
    /// The amount to pay.
    case totalDue(Money)
    /// After a cash payment: what was given and the change.
    case change(given: Money, change: Money)
    /// After the sale.
    case thankYou(first: String, second: String)
}

/// The fixed words a pole display shows, in the shop's language.
public struct PoleDisplayTexts: Hashable, Sendable {
    public var total: String
    public var totalDue: String
    public var given: String
    public var change: String

    public init(total: String, totalDue: String, given: String, change: String) {
        self.total = total
        self.totalDue = totalDue
        self.given = given
        self.change = change
    }

    /// The words in a language (the store's: the display faces the customer, as the receipt does).
    public init(_ strings: Strings) {
        self.init(total: strings.tr("display.pole.total"), totalDue: strings.tr("display.pole.totalDue"),
                  given: strings.tr("display.pole.given"), change: strings.tr("display.pole.change"))
    }

    public static var english: PoleDisplayTexts { PoleDisplayTexts(.of(.english)) }
    public static var german: PoleDisplayTexts { PoleDisplayTexts(.of(.german)) }
}
