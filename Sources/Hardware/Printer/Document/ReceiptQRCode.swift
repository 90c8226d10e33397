/// A QR code block: a payload (a URL to the digital receipt, a fiscal signature…) and how to draw it.
public struct ReceiptQRCode: Hashable, Sendable {
    /// The largest payload, in UTF-8 bytes, a QR code (version 40, byte mode, level L) can carry.
    public static let maximumPayloadBytes = 2953

    /// The text the code encodes. Control characters are removed before encoding.
    public var payload: String
    /// The width of one module in printer dots, 1...16.
    public var moduleSize: Int
    /// How much of the code may be damaged and still read.
    public var errorCorrection: ErrorCorrection
    /// Where the code sits between the margins.
    public var alignment: ReceiptTextAlignment

    /// Creates a QR code block; the module size is clamped to 1...16.
    public init(
        payload: String,
        moduleSize: Int = 6,
        errorCorrection: ErrorCorrection = .medium,
        alignment: ReceiptTextAlignment = .center
    ) {
        self.payload = payload
        self.moduleSize = min(max(moduleSize, 1), 16)
        self.errorCorrection = errorCorrection
        self.alignment = alignment
    }

    /// QR error-correction level.
    public enum ErrorCorrection: Hashable, Sendable, CaseIterable {
        /// About 7 % of the code can be restored.
        case low
        /// About 15 %.
        case medium
        /// About 25 %.
        case quartile
        /// About 30 %.
        case high
    }
}
