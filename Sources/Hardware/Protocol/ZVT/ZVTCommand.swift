import POSFoundation

/// A command the counter (ECR) sends to the terminal (PT), with its builder.
///
/// ```swift
/// let apdu = try ZVTCommand.authorization(ZVTAuthorization(amount: Money(minorUnits: 1250, currency: .eur))).apdu()
/// // 06 01 07 04 00 00 00 00 12 50 ... (with the currency BMP 49 09 78)
/// ```
///
/// Related spec: ZVT PA00P015 chapter 2 "ECR commands"; reference/zvt.md "Commands".
public enum ZVTCommand: Hashable, Sendable {
    /// 06 00 Registration.
    case registration(ZVTRegistration)
    /// 06 01 Authorisation (a payment).
    case authorization(ZVTAuthorization)
    /// 06 30 Reversal of the payment with a receipt number.
    case reversal(password: ZVTPassword, receiptNumber: Int)
    /// 06 31 Refund of an amount.
    case refund(password: ZVTPassword, amount: Money)
    /// 06 50 End-of-Day.
    case endOfDay(password: ZVTPassword)
    /// 05 01 Status Enquiry (no password sends `05 01 00`).
    case statusEnquiry(password: ZVTPassword?, serviceByte: UInt8?)
    /// 06 20 Repeat Receipt of the last transaction.
    case repeatReceipt(password: ZVTPassword?)
    /// 06 B0 Abort the running transaction.
    case abort
    /// 06 02 Log-Off.
    case logOff
    /// 06 70 Diagnosis.
    case diagnosis

    /// The command code.
    public var code: ZVTCommandCode {
        switch self {
        case .registration: .registration
        case .authorization: .authorization
        case .reversal: .reversal
        case .refund: .refund
        case .endOfDay: .endOfDay
        case .statusEnquiry: .statusEnquiry
        case .repeatReceipt: .repeatReceipt
        case .abort: .abortRequest
        case .logOff: .logOff
        case .diagnosis: .diagnosis
        }
    }

    /// The phase a failure of this command is reported under.
    public var phase: CardReaderError.Phase {
        switch self {
        case .registration, .logOff: .registration
        case .authorization: .authorization
        case .reversal: .reversal
        case .refund: .refund
        case .endOfDay: .endOfDay
        case .statusEnquiry, .diagnosis: .status
        case .repeatReceipt: .print
        case .abort: .authorization
        }
    }

    /// True for commands that may move money: if the line drops after one left, the outcome is unknown and
    /// must be settled with Status Enquiry or Repeat Receipt, never by sending it again.
    public var movesMoney: Bool {
        switch self {
        case .authorization, .refund, .reversal: true
        default: false
        }
    }

    /// True for commands whose answer arrives as Status Information plus Completion while the terminal is master.
    var expectsMasterPhase: Bool { self != .abort }

    /// The APDU.
    ///
    /// - Throws: ``ZVTProtocolError/valueOutOfRange(field:)`` for an amount or number the fields cannot hold.
    public func apdu() throws(ZVTProtocolError) -> ZVTAPDU {
        ZVTAPDU(code, data: try data())
    }

    private func data() throws(ZVTProtocolError) -> [UInt8] {
        switch self {
        case .registration(let registration):
            return registration.data()
        case .authorization(let authorization):
            return try authorization.data()
        case .reversal(let password, let receiptNumber):
            guard receiptNumber >= 0, let receipt = BCD.encode(UInt64(receiptNumber), byteCount: 2) else {
                throw .valueOutOfRange(field: "receipt number")
            }
            return password.bcd + [ZVTBMP.receiptNumber.rawValue] + receipt
        case .refund(let password, let amount):
            var bytes = password.bcd + [ZVTBMP.amount.rawValue] + (try ZVTFieldCoding.amount(amount))
            if let currency = ZVTFieldCoding.currencyCode(amount.currency) {
                bytes += [ZVTBMP.currencyCode.rawValue] + currency
            }
            return bytes
        case .endOfDay(let password):
            return password.bcd
        case .statusEnquiry(let password, let serviceByte):
            var bytes = password?.bcd ?? []
            if let serviceByte { bytes += [ZVTBMP.serviceByte.rawValue, serviceByte] }
            return bytes
        case .repeatReceipt(let password):
            return password?.bcd ?? []
        case .abort, .logOff, .diagnosis:
            return []
        }
    }
}
