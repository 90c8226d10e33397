import Foundation
import POSFoundation
import Storage

/// This counter's register id: the prefix of its own receipt-number series (`K2-000123`), on
/// every WooCommerce order it syncs (meta data) and on its receipts.
///
/// It is the fiscal register serial (`FiscalSettings.registerSerial`, `fiscal-settings.json`): one setting, which
/// the TSE client is registered with and which prints on every receipt. Each counter numbers its own orders
/// 1, 2, 3 in its own database; with distinct register ids the prefixed numbers are unique across the shop with
/// no coordination, offline included.
public enum RegisterIdentity {
    /// WooCommerce order meta keys.
    public static let registerMetaKey = "_pos_register"
    public static let receiptNumberMetaKey = "_pos_receipt_number"
    public static let cashierMetaKey = "_pos_cashier"

    /// Digits the local number is padded to.
    static let numberDigits = 6

    /// A register id: 1 to 16 ASCII letters, digits or `-`, starting with a letter or digit.
    public static func isValid(_ id: String) -> Bool {
        guard (1...16).contains(id.count), let first = id.first, first.isASCII, first.isLetter || first.isNumber else {
            return false
        }
        return id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }

    /// The printed receipt number of the fiscal transaction numbered `number` in register `register`'s receipt
    /// series: `K2-000123`. Every fiscal transaction of a register (sale, refund, voided cart, float, cash in or
    /// out, no sale) takes the next number of its one series.
    public static func receiptNumber(register: String, number: Int64) -> String {
        let digits = String(number)
        return register + "-" + String(repeating: "0", count: max(numberDigits - digits.count, 0)) + digits
    }

    /// The printed number of a training sale, numbered `number` in the register's training series (not its receipt
    /// series): `K2-T000001`, or `T000001` for a counter without a register id.
    public static func trainingReceiptNumber(register: String?, number: Int64) -> String {
        let digits = String(number)
        let prefix = register.map { $0.isEmpty ? "" : $0 + "-" } ?? ""
        return prefix + "T" + String(repeating: "0", count: max(numberDigits - digits.count, 0)) + digits
    }

    /// ``receiptNumber(register:number:)`` under its former label.
    public static func receiptNumber(register: String, localNumber: Int64) -> String {
        receiptNumber(register: register, number: localNumber)
    }

    /// The register id set in `environment`'s data directory, if any.
    public static func current(_ environment: AppEnvironment) -> String? {
        FiscalSettings.load(dataDirectory: environment.dataDirectory, files: environment.files).registerSerial
            .flatMap { $0.isEmpty ? nil : $0 }
    }
}

extension OrderRecord {
    /// The number the order's receipt prints as its Bon number: the register's series (`K2-000042`; orders from
    /// before the series, their local number in it), a training sale's training series (`K2-T000001`), or `nil`
    /// for a counter without a register id (its receipt prints the order number alone).
    public var printedReceiptNumber: String? {
        if training, let receiptNumber {
            return RegisterIdentity.trainingReceiptNumber(register: registerId, number: receiptNumber)
        }
        return registerId.map { RegisterIdentity.receiptNumber(register: $0, number: receiptNumber ?? localNumber) }
    }
}
