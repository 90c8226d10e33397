import Foundation
import POSFoundation

/// The `standard_v1.receipt` schema a FINISHED transaction carries: receipt type, gross amounts per VAT rate and
/// per payment type, amounts as decimal strings ("21.42").
public struct FiskalyReceipt: Hashable, Sendable {
    /// One VAT rate's gross amount.
    public struct VATAmount: Hashable, Sendable {
        /// `NORMAL`, `REDUCED_1`, `SPECIAL_RATE_1`, `SPECIAL_RATE_2`, `NULL`.
        public var vatRate: String
        public var amount: String

        public init(vatRate: String, amount: String) {
            self.vatRate = vatRate
            self.amount = amount
        }
    }

    /// One payment type's amount.
    public struct PaymentAmount: Hashable, Sendable {
        /// `CASH` or `NON_CASH`.
        public var paymentType: String
        public var amount: String
        /// ISO 4217, e.g. `EUR`.
        public var currencyCode: String

        public init(paymentType: String, amount: String, currencyCode: String) {
            self.paymentType = paymentType
            self.amount = amount
            self.currencyCode = currencyCode
        }
    }

    /// `RECEIPT`, `TRAINING`, `TRANSFER`, `ORDER`, `CANCELLATION`, `ABORT`, `BENEFIT_IN_KIND`, `INVOICE`, `OTHER`.
    public var receiptType: String
    public var amountsPerVATRate: [VATAmount]
    public var amountsPerPaymentType: [PaymentAmount]

    public init(receiptType: String, amountsPerVATRate: [VATAmount], amountsPerPaymentType: [PaymentAmount]) {
        self.receiptType = receiptType
        self.amountsPerVATRate = amountsPerVATRate
        self.amountsPerPaymentType = amountsPerPaymentType
    }

    /// `{"standard_v1": {"receipt": {…}}}`.
    var schemaJSON: JSONValue {
        let rates = amountsPerVATRate.map {
            JSONValue.object(["vat_rate": .string($0.vatRate), "amount": .string($0.amount)])
        }
        let payments = amountsPerPaymentType.map {
            JSONValue.object(["payment_type": .string($0.paymentType), "amount": .string($0.amount),
                              "currency_code": .string($0.currencyCode)])
        }
        let receipt = JSONValue.object([
            "receipt_type": .string(receiptType),
            "amounts_per_vat_rate": .array(rates),
            "amounts_per_payment_type": .array(payments),
        ])
        return .object(["standard_v1": .object(["receipt": receipt])])
    }
}

/// The state a transaction revision moves to.
public enum FiskalyTransactionState: Hashable, Sendable {
    /// Start (revision 1) or update.
    case active(FiskalyReceipt?)
    /// Finished with its receipt.
    case finished(FiskalyReceipt)
    /// Cancelled (voided or abandoned), with the receipt of the cancellation when one is sent.
    case cancelled(FiskalyReceipt?)

    func body(clientID: String) -> JSONValue {
        var members: [String: JSONValue] = ["client_id": .string(clientID)]
        switch self {
        case let .active(receipt):
            members["state"] = .string("ACTIVE")
            if let receipt { members["schema"] = receipt.schemaJSON }
        case let .finished(receipt):
            members["state"] = .string("FINISHED")
            members["schema"] = receipt.schemaJSON
        case let .cancelled(receipt):
            members["state"] = .string("CANCELLED")
            if let receipt { members["schema"] = receipt.schemaJSON }
        }
        return .object(members)
    }
}
