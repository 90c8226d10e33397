/// A ZVT command code: the class and instruction bytes of an APDU.
///
/// Related spec: ZVT PA00P015 chapter 2 (ECR→PT) and 3 (PT→ECR); reference/zvt.md "Commands".
public struct ZVTCommandCode: Hashable, Sendable, CustomStringConvertible {
    /// The class byte.
    public let `class`: UInt8
    /// The instruction byte.
    public let instruction: UInt8

    /// Creates a command code.
    public init(_ class: UInt8, _ instruction: UInt8) {
        self.class = `class`
        self.instruction = instruction
    }

    public var description: String { HexBytes.string([self.class, instruction]) }

    // MARK: - ECR → PT

    /// 06 00 Registration.
    public static let registration = ZVTCommandCode(0x06, 0x00)
    /// 06 01 Authorisation (payment).
    public static let authorization = ZVTCommandCode(0x06, 0x01)
    /// 06 02 Log-Off.
    public static let logOff = ZVTCommandCode(0x06, 0x02)
    /// 06 20 Repeat Receipt.
    public static let repeatReceipt = ZVTCommandCode(0x06, 0x20)
    /// 06 30 Reversal.
    public static let reversal = ZVTCommandCode(0x06, 0x30)
    /// 06 31 Refund.
    public static let refund = ZVTCommandCode(0x06, 0x31)
    /// 06 50 End-of-Day.
    public static let endOfDay = ZVTCommandCode(0x06, 0x50)
    /// 06 70 Diagnosis.
    public static let diagnosis = ZVTCommandCode(0x06, 0x70)
    /// 06 B0 Abort, sent by the ECR.
    public static let abortRequest = ZVTCommandCode(0x06, 0xB0)
    /// 05 01 Status Enquiry.
    public static let statusEnquiry = ZVTCommandCode(0x05, 0x01)

    // MARK: - PT → ECR

    /// 04 FF Intermediate Status Information.
    public static let intermediateStatus = ZVTCommandCode(0x04, 0xFF)
    /// 04 0F Status Information (the transaction result).
    public static let statusInformation = ZVTCommandCode(0x04, 0x0F)
    /// 06 D1 Print Line.
    public static let printLine = ZVTCommandCode(0x06, 0xD1)
    /// 06 D3 Print Text Block.
    public static let printTextBlock = ZVTCommandCode(0x06, 0xD3)
    /// 06 0F Completion.
    public static let completion = ZVTCommandCode(0x06, 0x0F)
    /// 06 1E Abort, sent by the PT with a result code.
    public static let abort = ZVTCommandCode(0x06, 0x1E)
    /// 80 00 positive acknowledgement.
    public static let acknowledgement = ZVTCommandCode(0x80, 0x00)
}
