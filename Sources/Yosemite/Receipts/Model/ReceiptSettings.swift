import Foundation

/// Receipt options the WooCommerce settings do not carry, read from `<data dir>/receipt-settings.json` when it
/// exists: the store's time zone, its tax number, and the footer.
public struct ReceiptSettings: Hashable, Sendable, Codable {
    /// An IANA time zone ("Europe/Berlin"); the counter's own zone when `nil`.
    public var timeZone: String?
    /// The tax (VAT) number printed under the address.
    public var taxNumber: String?
    /// Footer lines; the default thanks the customer.
    public var footer: [String]?

    /// The file name in the data directory.
    public static let fileName = "receipt-settings.json"

    /// Creates settings.
    public init(timeZone: String? = nil, taxNumber: String? = nil, footer: [String]? = nil) {
        self.timeZone = timeZone
        self.taxNumber = taxNumber
        self.footer = footer
    }
}
