import Localization

/// What a receipt template sees: every value already formatted as text for the receipt, no arithmetic left.
///
/// Templates read it through Mustache (`{{store.name}}`, `{{#lines}}…{{/lines}}`); values are inserted
/// markup-escaped, so data can never become a directive. A `nil` value or an empty list hides its section.
public struct ReceiptViewModel: Sendable {
    /// The shop header.
    public var store: Header
    /// "RECEIPT", "REFUND", "REVERSAL" or "END OF DAY".
    public var title: String
    /// The copy marking of a reprint ("COPY", or "DUPLICATE" on a card slip), `nil` on the original.
    public var copyMark: String?
    /// Order identity, time and cashier.
    public var order: OrderInfo
    /// The sold lines.
    public var lines: [Line]
    /// Totals, discounts, fees and taxes.
    public var totals: Totals
    /// Payments with tendered and change; card payments carry their scheme fields.
    public var payments: [Payment]
    /// Card payments (the card part of the receipt, or the card slip itself).
    public var cards: [Card]
    /// A refund's or reversal's reason and amount, `nil` on a sale.
    public var refund: Refund?
    /// The end-of-day figures, `nil` on other receipts.
    public var endOfDay: EndOfDay?
    /// The QR payload (the order's client UUID), `nil` when none is printed.
    public var qrPayload: String?
    /// The footer lines.
    public var footer: [String]
    /// Whether to kick the cash drawer (a cash payment on the original receipt).
    public var openDrawer: Bool
    /// The TSE data (German fiscal law), `nil` where no TSE signs.
    public var fiscal: Fiscal? = nil
    /// The language of the labels and the templates (the store's, from the composer's context).
    public var language: Language = .english
    /// "TRAINING" on a training sale's receipt (header and footer, reprints too), `nil` on a real one.
    public var trainingMark: String? = nil
    /// The training footer line ("TRAINING: not a real sale"), `nil` on a real sale.
    public var trainingNote: String? = nil

    /// The TSE part of a receipt (§6 KassenSichV): every value formatted; either signed or failed.
    public struct Fiscal: Sendable {
        /// The outage line ("TSE FAILED (TSE ausgefallen): cause"), `nil` when signed.
        public var failed: String?
        /// Set while the signature is pending.
        public var pending: String?
        /// The signed fields, `nil` when the TSE failed or is pending.
        public var signed: Signed?
    }

    /// The signed fields and the QR code in the DSFinV-K layout.
    public struct Signed: Sendable {
        public var registerSerial: String
        public var tseSerial: String
        public var transactionNumber: String
        public var signatureCounter: String
        /// ISO 8601 UTC with milliseconds, as the QR code carries it.
        public var start: String
        public var end: String
        public var algorithm: String
        public var timeFormat: String
        public var signature: String
        public var qrCode: String
        /// The demo's note that no certified TSE signed, `nil` for a real TSE.
        public var simulatedNote: String?
    }

    /// The shop header printed at the top.
    public struct Header: Sendable {
        public var name: String
        public var addressLines: [String]
        public var taxNumber: String?
        public var website: String?
    }

    /// Which order, when, by whom.
    public struct OrderInfo: Sendable {
        /// The counter's own number ("1042").
        public var localNumber: String
        /// WooCommerce's order number once synced.
        public var remoteNumber: String?
        /// The register the order was sold on, if the counter had one.
        public var register: String?
        /// The register-prefixed receipt number (`K2-000123`), with the register.
        public var receiptNumber: String?
        /// The client UUID.
        public var reference: String
        /// The sale date in the store's time zone ("2026-11-21").
        public var date: String
        /// The sale time in the store's time zone ("14:05").
        public var time: String
        public var cashier: String?
        public var customerNote: String?
    }

    /// One sold line.
    public struct Line: Sendable {
        public var name: String
        public var sku: String?
        public var quantity: String
        public var unitPrice: String
        /// Quantity × unit price before discounts.
        public var subtotal: String
        /// After discounts.
        public var total: String
        /// The line's discount as a negative amount, `nil` when there is none.
        public var discount: String?
        /// Whether more than one was sold (the template prints "2 x 2.50").
        public var isMultiple: Bool
        /// A weighed line's weight and price per kilogram, "0.512 kg x 12.99 EUR/kg" (under the line's name and
        /// price, as the law for trade scales wants them printed together); `nil` for other lines.
        public var weighed: String? = nil
    }

    /// The amounts under the lines.
    public struct Totals: Sendable {
        public var subtotal: String
        public var coupons: [Amount]
        public var discountTotal: String?
        public var fees: [Amount]
        public var taxes: [Tax]
        public var totalTax: String
        public var total: String
        public var currency: String
        /// Whether prices include tax (the taxes are then "included" rather than added).
        public var pricesIncludeTax: Bool
    }

    /// A labelled amount: a coupon or a fee.
    public struct Amount: Sendable {
        public var label: String
        public var amount: String
    }

    /// The tax one rate put on the order.
    public struct Tax: Sendable {
        public var label: String
        public var rate: String
        public var amount: String
    }

    /// One payment.
    public struct Payment: Sendable {
        public var method: String
        public var amount: String
        public var tendered: String?
        public var change: String?
        public var isCash: Bool
        public var isCard: Bool
    }

    /// A card payment's receipt fields (reference/card-receipts.md). Never an expiry date or a full PAN.
    public struct Card: Sendable {
        /// "SALE", "REFUND" or "REVERSAL".
        public var transactionType: String
        public var amount: String
        public var cardName: String?
        public var maskedPAN: String?
        public var applicationID: String?
        public var applicationLabel: String?
        public var entryMode: String?
        public var verification: String?
        public var needsSignature: Bool
        public var approvalCode: String?
        public var result: String
        public var merchantID: String?
        public var terminalID: String?
        public var traceNumber: String?
        public var receiptNumber: String?
        public var terminalTime: String?
        /// The terminal's own slip, printed verbatim when it sent one.
        public var slipLines: [String]
        public var hasSlip: Bool
    }

    /// A refund or reversal.
    public struct Refund: Sendable {
        public var amount: String
        public var reason: String?
    }

    /// The end-of-day (Z) report's figures.
    public struct EndOfDay: Sendable {
        public var day: String
        public var printedAt: String
        public var orderCount: String
        public var grossSales: String
        public var taxes: [Tax]
        public var paymentMethods: [Amount]
        public var cashTendered: String
        public var cashChange: String
        public var cashInDrawer: String
        public var refundCount: String
        public var firstOrder: String?
        public var lastOrder: String?
    }
}
