/// The config byte of Registration (06 00): who prints, who controls, and whether the terminal reports
/// intermediate status and sends its receipts to the ECR.
///
/// Related spec: ZVT PA00P015 06 00 "config byte"; reference/zvt.md "Config byte in Registration".
public struct ZVTRegistrationConfig: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// 02: the ECR prints the payment receipts, the terminal does not.
    public static let ecrPrintsPaymentReceipt = ZVTRegistrationConfig(rawValue: 0x02)
    /// 04: the ECR prints the administration receipts (end of day, diagnosis).
    public static let ecrPrintsAdministrationReceipt = ZVTRegistrationConfig(rawValue: 0x04)
    /// 08: the terminal sends Intermediate Status (04 FF).
    public static let intermediateStatus = ZVTRegistrationConfig(rawValue: 0x08)
    /// 10: payments can only be started from the ECR.
    public static let ecrControlsPayment = ZVTRegistrationConfig(rawValue: 0x10)
    /// 20: administration can only be started from the ECR.
    public static let ecrControlsAdministration = ZVTRegistrationConfig(rawValue: 0x20)
    /// 80: receipts come to the ECR as print lines or text blocks (06 D1 / 06 D3).
    public static let receiptsToECR = ZVTRegistrationConfig(rawValue: 0x80)

    /// What this app registers with (`BE`): every receipt comes to the counter as text, with live prompts,
    /// and the counter controls both payments and administration.
    public static let counterPrints: ZVTRegistrationConfig = [
        .ecrPrintsPaymentReceipt, .ecrPrintsAdministrationReceipt, .intermediateStatus,
        .ecrControlsPayment, .ecrControlsAdministration, .receiptsToECR,
    ]
}
