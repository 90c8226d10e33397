import Hardware
import POSFoundation

// Yosemite's values of what the counter reads of card readers and terminal answers. Counter imports only Yosemite
// (and POSFoundation), so with MemberImportVisibility it cannot read Hardware's models: Yosemite converts them here,
// at its boundary.

/// What a card terminal reported for a payment, as a person reads it (from Hardware's ``PaymentResult``).
public struct CardResultSummary: Hashable, Sendable {
    /// The amount the terminal charged (or refunded).
    public var amount: Money
    /// The card brand ("Girocard", "Debit Mastercard"), when the terminal named it.
    public var brand: String?
    /// The last four digits of the masked card number, when the terminal sent one.
    public var last4: String?
    /// The terminal's receipt number.
    public var receiptNumber: Int?
    /// The terminal's slip, line by line (empty when it prints its own).
    public var slipLines: [String]

    public init(amount: Money, brand: String? = nil, last4: String? = nil, receiptNumber: Int? = nil, slipLines: [String] = []) {
        self.amount = amount
        self.brand = brand
        self.last4 = last4
        self.receiptNumber = receiptNumber
        self.slipLines = slipLines
    }

    init(_ result: PaymentResult) {
        self.init(amount: result.amount, brand: result.cardName, last4: result.maskedPAN?.lastFour,
                  receiptNumber: result.receiptNumber, slipLines: result.slipLines)
    }
}

extension CardSale {
    /// What the terminal reported for the card part, as a person reads it.
    public var cardSummary: CardResultSummary { CardResultSummary(card) }
}

extension CardRefund {
    /// What the terminal reported when the refund went to the card; `nil` for a cash refund.
    public var cardSummary: CardResultSummary? { card.map(CardResultSummary.init) }
}

/// A card reader as the readers screen and the status line show it (from Hardware's ``CardReaderDescriptor``).
public struct CardReaderSummary: Hashable, Sendable {
    /// The reader's address ("zvt+tcp://10.0.0.5:20007", "sim://").
    public var address: String
    /// Its name ("Ingenico Move/5000").
    public var name: String
    /// The terminal's id, once connected.
    public var terminalID: String?

    public init(address: String, name: String, terminalID: String? = nil) {
        self.address = address
        self.name = name
        self.terminalID = terminalID
    }

    init(_ descriptor: CardReaderDescriptor) {
        self.init(address: descriptor.address.description, name: descriptor.name, terminalID: descriptor.terminalID)
    }

    /// "Name (address)".
    public var description: String { "\(name) (\(address))" }
}

/// A terminal's end-of-day (batch close) report (from Hardware's ``TerminalReport``).
public struct TerminalBatchReport: Hashable, Sendable {
    /// The batch total, when the terminal sent one.
    public var total: Money?
    /// The terminal's id.
    public var terminalID: String?
    /// The terminal's software version.
    public var softwareVersion: String?
    /// The terminal's status byte.
    public var terminalStatus: Int?
    /// The terminal's report, line by line.
    public var receiptLines: [String]
    /// How many transactions the batch held, when the terminal counts them (ZVT BMP 60).
    public var count: Int?
    /// Count and turnover per card group ("girocard", "mastercard", "visa", …), when the terminal sends them;
    /// groups without transactions are left out.
    public var cardTotals: [CardTotal]

    /// One card group's share of the batch.
    public struct CardTotal: Hashable, Sendable, Codable {
        public var brand: String
        public var count: Int
        public var amount: Int64

        public init(brand: String, count: Int, amount: Int64) {
            self.brand = brand
            self.count = count
            self.amount = amount
        }
    }

    /// Creates a report (tests and previews; the store builds them from the terminal's answer).
    public init(total: Money?, count: Int? = nil, cardTotals: [CardTotal] = [], terminalID: String? = nil,
                receiptLines: [String] = []) {
        self.total = total
        self.count = count
        self.cardTotals = cardTotals
        self.terminalID = terminalID
        self.receiptLines = receiptLines
    }

    init(_ report: TerminalReport) {
        total = report.total
        terminalID = report.terminalID
        softwareVersion = report.softwareVersion
        terminalStatus = report.terminalStatus
        receiptLines = report.receiptLines
        count = report.count
        cardTotals = (report.cardTotals?.entries ?? []).filter { $0.count > 0 || $0.turnover != 0 }
            .map { CardTotal(brand: $0.group.rawValue, count: $0.count, amount: $0.turnover) }
    }
}

extension CardPaymentError {
    /// What the reader said, when the reader was unavailable or declined ("Card expired"); `nil` otherwise.
    public var readerMessage: String? {
        switch self {
        case .readerUnavailable(let error), .declined(let error): error.message
        default: nil
        }
    }
}
