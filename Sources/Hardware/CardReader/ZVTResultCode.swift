import Localization

/// A ZVT result code (BMP 27, the 06 1E abort byte, the `xx` of a negative acknowledgement `84 xx`) with
/// what it means and what the cashier does next.
///
/// `00` is success; `01`–`63` come from the network operator or the card issuer; `64`–`FF` are the
/// terminal's own.
///
/// Related spec: ZVT PA00P015 chapter 10 "Error messages"; reference/zvt.md "Result codes".
public struct ZVTResultCode: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// What the cashier does after a result.
    public enum NextStep: String, Hashable, Sendable, Codable {
        /// Nothing: the transaction succeeded.
        case noAction
        /// Try the same card again (present it again, or wait a moment and retry).
        case retry
        /// Ask for another card or another means of payment.
        case useOtherCard
        /// Check the terminal: its cable, network, paper, or run its end of day.
        case checkTerminal
        /// Call the terminal's support: the terminal or its contract needs a technician.
        case callSupport
    }

    /// The code byte.
    public let rawValue: UInt8

    /// Creates a code.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// True for `00`.
    public var isSuccess: Bool { rawValue == 0 }

    /// True for `01`–`63`: the issuer or network declined.
    public var isIssuerDecline: Bool { (0x01...0x63).contains(rawValue) }

    /// True for codes about reading the card (not readable, expired, unknown, ...).
    public var isCardReadProblem: Bool { Self.cardReadCodes.contains(rawValue) }

    /// The meaning in one sentence a cashier understands.
    public var meaning: String {
        if isSuccess { return L10n.tr("error.zvt.approved") }
        if isIssuerDecline { return L10n.tr("error.zvt.issuerDecline", ["code": String(rawValue)]) }
        return Self.meaning(of: rawValue) ?? L10n.tr("error.zvt.other", ["code": hex])
    }

    /// What to do next.
    public var nextStep: NextStep {
        if isSuccess { return .noAction }
        if isIssuerDecline { return .useOtherCard }
        return Self.table[rawValue] ?? .callSupport
    }

    /// The code as two hex digits ("6C").
    public var hex: String { HexBytes.string([rawValue]) }

    public var description: String { "ZVT result \(hex): \(meaning)" }

    // MARK: - Named codes

    /// 00: success.
    public static let success = ZVTResultCode(rawValue: 0x00)
    /// 64: card not readable.
    public static let cardNotReadable = ZVTResultCode(rawValue: 0x64)
    /// 65: card data missing.
    public static let cardDataMissing = ZVTResultCode(rawValue: 0x65)
    /// 66: processing error.
    public static let processingError = ZVTResultCode(rawValue: 0x66)
    /// 6A: turnover file full.
    public static let turnoverFileFull = ZVTResultCode(rawValue: 0x6A)
    /// 6B: function deactivated.
    public static let functionDeactivated = ZVTResultCode(rawValue: 0x6B)
    /// 6C: aborted by timeout or key.
    public static let abortedByTimeoutOrKey = ZVTResultCode(rawValue: 0x6C)
    /// 6F: wrong currency.
    public static let wrongCurrency = ZVTResultCode(rawValue: 0x6F)
    /// 78: card expired.
    public static let cardExpired = ZVTResultCode(rawValue: 0x78)
    /// 79: card not yet valid.
    public static let cardNotYetValid = ZVTResultCode(rawValue: 0x79)
    /// 7A: card unknown.
    public static let cardUnknown = ZVTResultCode(rawValue: 0x7A)
    /// 7D: communication error.
    public static let communicationError = ZVTResultCode(rawValue: 0x7D)
    /// 83: function not possible.
    public static let functionNotPossible = ZVTResultCode(rawValue: 0x83)
    /// 9A: protocol error.
    public static let protocolError = ZVTResultCode(rawValue: 0x9A)
    /// 9B: dial up fault.
    public static let dialUpFault = ZVTResultCode(rawValue: 0x9B)
    /// 9C: please wait.
    public static let pleaseWait = ZVTResultCode(rawValue: 0x9C)
    /// A0: receiver not ready.
    public static let receiverNotReady = ZVTResultCode(rawValue: 0xA0)
    /// A1: remote station not responding.
    public static let remoteStationNotResponding = ZVTResultCode(rawValue: 0xA1)
    /// A3: no connection.
    public static let noConnection = ZVTResultCode(rawValue: 0xA3)
    /// B4: already reversed.
    public static let alreadyReversed = ZVTResultCode(rawValue: 0xB4)
    /// B5: reversal not possible.
    public static let reversalNotPossible = ZVTResultCode(rawValue: 0xB5)
    /// C2: diagnosis required.
    public static let diagnosisRequired = ZVTResultCode(rawValue: 0xC2)
    /// C3: maximum amount exceeded.
    public static let maximumAmountExceeded = ZVTResultCode(rawValue: 0xC3)
    /// C8: amount too small.
    public static let amountTooSmall = ZVTResultCode(rawValue: 0xC8)
    /// CC: printer not ready.
    public static let printerNotReady = ZVTResultCode(rawValue: 0xCC)
    /// E4: activation required.
    public static let activationRequired = ZVTResultCode(rawValue: 0xE4)
    /// F0: open end of day batch.
    public static let openEndOfDayBatch = ZVTResultCode(rawValue: 0xF0)
    /// FF: system error.
    public static let systemError = ZVTResultCode(rawValue: 0xFF)

    // MARK: - Table

    private static let cardReadCodes: Set<UInt8> = [0x64, 0x65, 0x78, 0x79, 0x7A]

    private static let table: [UInt8: NextStep] = [
        0x64: .retry,
        0x65: .retry,
        0x66: .retry,
        0x6A: .checkTerminal,
        0x6B: .checkTerminal,
        0x6C: .retry,
        0x6F: .callSupport,
        0x78: .useOtherCard,
        0x79: .useOtherCard,
        0x7A: .useOtherCard,
        0x7D: .checkTerminal,
        0x83: .callSupport,
        0x9A: .callSupport,
        0x9B: .checkTerminal,
        0x9C: .retry,
        0xA0: .retry,
        0xA1: .checkTerminal,
        0xA3: .checkTerminal,
        0xB4: .noAction,
        0xB5: .callSupport,
        0xC2: .checkTerminal,
        0xC3: .useOtherCard,
        0xC8: .useOtherCard,
        0xCC: .checkTerminal,
        0xE4: .callSupport,
        0xF0: .checkTerminal,
        0xFF: .callSupport,
    ]

    /// The meaning of a terminal code of the table, in the screen's language.
    private static func meaning(of code: UInt8) -> String? {
        switch code {
        case 0x64: L10n.tr("error.zvt.cardNotReadable")
        case 0x65: L10n.tr("error.zvt.cardDataMissing")
        case 0x66: L10n.tr("error.zvt.processingError")
        case 0x6A: L10n.tr("error.zvt.turnoverFileFull")
        case 0x6B: L10n.tr("error.zvt.functionDeactivated")
        case 0x6C: L10n.tr("error.zvt.abortedByTimeoutOrKey")
        case 0x6F: L10n.tr("error.zvt.wrongCurrency")
        case 0x78: L10n.tr("error.zvt.cardExpired")
        case 0x79: L10n.tr("error.zvt.cardNotYetValid")
        case 0x7A: L10n.tr("error.zvt.cardUnknown")
        case 0x7D: L10n.tr("error.zvt.communicationError")
        case 0x83: L10n.tr("error.zvt.functionNotPossible")
        case 0x9A: L10n.tr("error.zvt.protocolError")
        case 0x9B: L10n.tr("error.zvt.dialUpFault")
        case 0x9C: L10n.tr("error.zvt.pleaseWait")
        case 0xA0: L10n.tr("error.zvt.receiverNotReady")
        case 0xA1: L10n.tr("error.zvt.remoteStationNotResponding")
        case 0xA3: L10n.tr("error.zvt.noConnection")
        case 0xB4: L10n.tr("error.zvt.alreadyReversed")
        case 0xB5: L10n.tr("error.zvt.reversalNotPossible")
        case 0xC2: L10n.tr("error.zvt.diagnosisRequired")
        case 0xC3: L10n.tr("error.zvt.maximumAmountExceeded")
        case 0xC8: L10n.tr("error.zvt.amountTooSmall")
        case 0xCC: L10n.tr("error.zvt.printerNotReady")
        case 0xE4: L10n.tr("error.zvt.activationRequired")
        case 0xF0: L10n.tr("error.zvt.openEndOfDayBatch")
        case 0xFF: L10n.tr("error.zvt.systemError")
        default: nil
        }
    }
}
