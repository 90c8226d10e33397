import Foundation
import POSFoundation

/// The receipt data a TSE signs when a sale finishes: the Vorgangstyp, gross amounts per VAT rate and per payment
/// type (DSFinV-K `Kassenbeleg-V1`; fiskaly `standard_v1.receipt`).
public struct FiscalReceiptData: Sendable, Hashable, Codable {
    /// The kind of process (`Beleg` for a sale).
    public var type: FiscalReceiptType
    /// Gross amounts per VAT rate; rates without an amount are signed as 0.00.
    public var amountsPerVATRate: [FiscalVATRate: Money]
    /// Payments in the order taken.
    public var payments: [FiscalPayment]

    public init(type: FiscalReceiptType, amountsPerVATRate: [FiscalVATRate: Money], payments: [FiscalPayment]) {
        self.type = type
        self.amountsPerVATRate = amountsPerVATRate
        self.payments = payments
    }

    /// The data of a cancelled process (no amounts).
    public static func cancelled(_ type: FiscalReceiptType) -> FiscalReceiptData {
        FiscalReceiptData(type: type, amountsPerVATRate: [:], payments: [])
    }

    /// The processData line signed for `Kassenbeleg-V1`: `Beleg^75.33_7.99_0.00_0.00_0.00^10.00:Bar_64.30:Unbar`.
    ///
    /// Amounts per rate in the order of ``FiscalVATRate/allCases`` (19 %, 7 %, 10.7 %, 5.5 %, 0 %); payments
    /// as `amount:Bar` / `amount:Unbar`, with the currency code when it is not the base currency.
    public func processData(baseCurrency: Currency = .eur) -> String {
        // The closures name their String result: with GRDB visible, a bare interpolation can infer GRDB's SQL.
        let rates = FiscalVATRate.allCases.map { rate -> String in
            amountsPerVATRate[rate]?.decimalString ?? Money.zero(baseCurrency).decimalString
        }.joined(separator: "_")
        let payments = payments.map { payment -> String in
            let kind = payment.kind == .cash ? "Bar" : "Unbar"
            let suffix = payment.amount.currency == baseCurrency ? "" : ":\(payment.amount.currency.code)"
            return "\(payment.amount.decimalString):\(kind)\(suffix)"
        }.joined(separator: "_")
        return "\(type.rawValue)^\(rates)^\(payments)"
    }
}

/// The Vorgangstyp of a `Kassenbeleg-V1` process (DSFinV-K annex on the QR code and processData).
public enum FiscalReceiptType: String, Sendable, Hashable, Codable, CaseIterable {
    /// A sale (receipt).
    case beleg = "Beleg"
    /// A sale abandoned before it was paid.
    case abandoned = "AVBelegabbruch"
    /// A receipt cancelled (voided) after it was printed.
    case voided = "AVBelegstorno"
    /// A training sale.
    case training = "AVTraining"
    /// A cash transfer (e.g. float in, cash drop).
    case transfer = "AVTransfer"
    /// An invoice.
    case invoice = "AVRechnung"
    /// Anything else.
    case other = "AVSonstige"

    /// fiskaly's `receipt_type` for this Vorgangstyp.
    public var fiskalyReceiptType: String {
        switch self {
        case .beleg: "RECEIPT"
        case .abandoned: "ABORT"
        case .voided: "CANCELLATION"
        case .training: "TRAINING"
        case .transfer: "TRANSFER"
        case .invoice: "INVOICE"
        case .other: "OTHER"
        }
    }
}

/// The German VAT rates a TSE receipt is split by, in the order the processData lists them.
public enum FiscalVATRate: String, Sendable, Hashable, Codable, CaseIterable {
    /// 19 %.
    case normal = "NORMAL"
    /// 7 %.
    case reduced = "REDUCED_1"
    /// 10.7 % (§24 UStG average rate).
    case averageRate1 = "SPECIAL_RATE_1"
    /// 5.5 % (§24 UStG average rate).
    case averageRate2 = "SPECIAL_RATE_2"
    /// 0 %.
    case zero = "NULL"

    /// The rate in hundredths of a percent (1900 = 19 %).
    public var basisPoints: Int {
        switch self {
        case .normal: 1900
        case .reduced: 700
        case .averageRate1: 1070
        case .averageRate2: 550
        case .zero: 0
        }
    }

    /// The DSFinV-K `UST_SCHLUESSEL` (1…5).
    public var dsfinvkKey: Int {
        switch self {
        case .normal: 1
        case .reduced: 2
        case .averageRate1: 3
        case .averageRate2: 4
        case .zero: 5
        }
    }

    /// The rate whose basis points are `basisPoints`, if it is one of the five.
    public init?(basisPoints: Int) {
        guard let rate = Self.allCases.first(where: { $0.basisPoints == basisPoints }) else { return nil }
        self = rate
    }
}

/// One payment on a receipt.
public struct FiscalPayment: Sendable, Hashable, Codable {
    /// Cash or not.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// `Bar` / fiskaly `CASH`.
        case cash = "CASH"
        /// `Unbar` / fiskaly `NON_CASH` (cards and everything else).
        case nonCash = "NON_CASH"
    }

    public var kind: Kind
    public var amount: Money

    public init(kind: Kind, amount: Money) {
        self.kind = kind
        self.amount = amount
    }
}
