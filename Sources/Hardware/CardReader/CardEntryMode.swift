import Localization

/// How the card was read, for the slip's entry-mode line.
///
/// Related spec: ZVT TLV 1F12 "card technology"; reference/card-receipts.md item 9.
public enum CardEntryMode: String, Hashable, Sendable, Codable {
    /// Magnetic stripe.
    case magneticStripe
    /// Contact chip (EMV).
    case chip
    /// Contactless (NFC).
    case contactless

    /// The mode for a ZVT TLV 1F12 value (0 stripe, 1 chip, 2 contactless), or `nil` for another value.
    public init?(zvtCardTechnology value: UInt8) {
        switch value {
        case 0: self = .magneticStripe
        case 1: self = .chip
        case 2: self = .contactless
        default: return nil
        }
    }

    /// The wording for a person (the screen's language).
    public var receiptText: String {
        switch self {
        case .magneticStripe: L10n.tr("card.entry.swiped")
        case .chip: L10n.tr("card.entry.chip")
        case .contactless: L10n.tr("card.entry.contactless")
        }
    }
}
