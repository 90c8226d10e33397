/// Settings of this counter that outlive a logout: which printer, how wide the paper, which card reader.
public struct AppSettings: Hashable, Sendable, Codable {
    /// The CUPS queue receipts go to; `nil` means the default printer, or files in the data directory.
    public var printerName: String?
    /// Receipt width in characters: 32 (58 mm paper), 42 or 48 (80 mm).
    public var receiptWidth: Int
    /// The card reader address, such as `zvt+tcp://192.0.2.10:20007` or `sim://`.
    public var readerAddress: String?
    /// The cashier's name printed on receipts.
    public var cashierName: String?
    /// The scanner's longest gap between keys in milliseconds (`nil`: the counter's default or `--scan-gap-ms`).
    public var scanGapMs: Int?
    /// The fewest characters a scanned code has (`nil`: the counter's default or `--scan-min-length`).
    public var scanMinLength: Int?
    /// The largest quantity one line may have (`nil`: ``SaleLimits/defaultMaxQuantity``).
    public var maxQuantity: Int?
    /// The largest amount one line may come to, in minor units of the store currency (`nil`:
    /// ``SaleLimits/defaultMaxLineAmountMajor`` major units).
    public var maxLineAmount: Int64?
    /// Cashiers: seconds without a key before the counter locks until the cashier's PIN (`nil`: 300;
    /// 0: never).
    public var idleLockSeconds: Int?
    /// Cashiers: manual discounts above this percent of the cart need a manager's PIN (`nil`: 10).
    public var discountApprovalPercent: Int?
    /// Cashiers: minutes a cashier stays locked after five wrong PINs, unless a manager unlocks them (`nil`: 15).
    public var pinLockMinutes: Int?

    /// The serial pole display facing the customer, e.g. `display+serial:///dev/ttyUSB1` (`nil`: none).
    public var poleDisplayAddress: String?
    /// Whether the counter serves the customer display to `pos display` (a Unix socket in the data directory).
    public var customerDisplay: Bool?
    /// The scale goods sold by weight are weighed on, e.g. `scale+serial:///dev/ttyUSB2` (`nil`: none).
    public var scaleAddress: String?
    /// The store's weight/price barcode layouts (``EmbeddedBarcodeSettings`` written form, e.g.
    /// `28-29:IIIIIVVVVV:weight; 21:IIIIICVVVV:price`); `nil`: none, every code is looked up as it is.
    public var embeddedBarcodes: String?
    /// The counter screen's language, "en" or "de"; `nil`: `LC_ALL`/`LC_MESSAGES`/`LANG`, else the store's
    /// site language. Paper and the customer displays follow ``paperLanguage``.
    public var language: String?
    /// The language of paper (receipts, slips, the Z report) and of the customer displays, "en" or "de";
    /// `nil`: the store's site language. ``paperLanguage(store:)`` resolves it.
    public var paperLanguage: String?
    /// Whether the register prints every sale's receipt by itself the moment the sale completes (`nil`: yes). The
    /// receipt is stored either way, for `pos receipt print`/`reprint` and the receipt screen.
    public var printReceipts: Bool?
    /// Whether the counter's first-run set-up ran to its end or was left (F10) on this till:
    /// a store that works without cashiers is not walked through it again at every start. `nil`: not yet.
    public var firstRunDone: Bool?

    /// The widths receipts can be rendered at.
    public static let receiptWidths = [32, 42, 48]

    public init(printerName: String? = nil, receiptWidth: Int = 42, readerAddress: String? = nil, cashierName: String? = nil,
                scanGapMs: Int? = nil, scanMinLength: Int? = nil, maxQuantity: Int? = nil, maxLineAmount: Int64? = nil) {
        self.maxQuantity = maxQuantity
        self.maxLineAmount = maxLineAmount
        self.printerName = printerName
        self.receiptWidth = receiptWidth
        self.readerAddress = readerAddress
        self.cashierName = cashierName
        self.scanGapMs = scanGapMs
        self.scanMinLength = scanMinLength
    }
}
