import Localization
import POSFoundation
import Yosemite

/// The receipt screen's data flow: after a sale, print it, reprint it, or save it to a file.
public enum ReceiptDataFlow {
    /// What the cashier did.
    public enum Request: Hashable, Sendable {
        case printKeyPressed
        case reprintKeyPressed
        case printToFileKeyPressed
        case nextSaleKeyPressed
        /// F8: ask for an address and email the receipt through the store.
        case emailKeyPressed
        /// A key for the email prompt.
        case typed(Character)
        case backspace
        /// Enter in the email prompt: send; Esc: close it.
        case emailSubmitted
        case emailCancelled
    }

    /// The state: the sale and what printing did.
    public struct Response: Hashable, Sendable {
        public var order: LocalOrder
        /// Cash handed over (the cash part of a split tender; zero for card only).
        public var tendered: Money
        public var change: Money
        /// The card part, e.g. "12,40 € girocard …1234 (receipt 17)"; `nil` for a cash sale.
        public var card: CardLine?
        public var isPrinting = false
        public var printed: String?
        public var error: String?
        /// The address being typed; `nil` when the email prompt is closed.
        public var emailText: String?
        /// The shift this sale opened because none was open, if it did.
        public var openedShiftId: Int64?
        public var isEmailing = false
        /// The demo store: nothing is ever sent to a store, and it cannot e-mail.
        public var isDemo = false

        /// The state right after a cash sale.
        public init(sale: Sale) {
            order = sale.order
            tendered = sale.tendered
            change = sale.change
            openedShiftId = sale.openedShiftId
            issued(sale.receipt)
        }

        /// The state right after a card or split sale.
        public init(cardSale: CardSale) {
            order = cardSale.order
            tendered = cardSale.cash
            change = Money(minorUnits: 0, currency: cardSale.cash.currency)
            let summary = cardSale.cardSummary
            card = CardLine(
                amount: summary.amount, brand: summary.brand, last4: summary.last4,
                receiptNumber: summary.receiptNumber, recovered: cardSale.recoveredFromEarlierAttempt,
                slip: summary.slipLines)
            openedShiftId = cardSale.openedShiftId
            issued(cardSale.receipt)
        }

        /// What issuing the receipt at completion did: printed (the register prints by itself), failed, or off.
        private mutating func issued(_ receipt: IssuedReceipt?) {
            switch receipt?.printing {
            case .printed(let printer)?: printed = L10n.tr("receipt.printedOn", ["printer": printer])
            case .failed(let reason)?: error = reason
            case .off?, nil: break
            }
        }
    }

    /// What the card paid, as the screen shows it (masked: the last four digits only).
    public struct CardLine: Hashable, Sendable {
        public var amount: Money
        public var brand: String?
        public var last4: String?
        public var receiptNumber: Int?
        /// True when an earlier attempt's approval paid the order (no new charge).
        public var recovered: Bool
        /// The terminal's slip lines.
        public var slip: [String]

        /// Creates a card line.
        public init(amount: Money, brand: String?, last4: String?, receiptNumber: Int?, recovered: Bool, slip: [String]) {
            self.amount = amount
            self.brand = brand
            self.last4 = last4
            self.receiptNumber = receiptNumber
            self.recovered = recovered
            self.slip = slip
        }
    }

    /// What the view draws.
    public struct ViewModel: Hashable, Sendable {
        public var title: String
        public var lines: [String]
        public var total: String
        public var tendered: String
        public var change: String
        /// "Card: 4,00 € girocard …1234 (receipt 17)".
        public var card: String?
        public var slip: [String]
        public var status: String?
        public var isError: Bool
        /// "Email the receipt to: ann@example.com".
        public var prompt: String?
    }
}
