import Localization

/// How the cardholder was verified, for the slip's verification statement.
///
/// Related spec: ZVT TLV 1F10 "cardholder authentication"; reference/card-receipts.md item 13.
public enum CardholderVerification: String, Hashable, Sendable, Codable {
    /// No cardholder verification (for example contactless below the limit).
    case noVerification
    /// A signature is needed: the merchant slip gets a signature line.
    case signature
    /// PIN verified online by the issuer.
    case onlinePIN
    /// PIN verified offline by the card.
    case offlinePIN
    /// PIN and signature.
    case pinAndSignature

    /// The method for a ZVT TLV 1F10 value (0 none, 1 signature, 2 online PIN, 3/4 offline PIN, 5–7 PIN + signature).
    public init?(zvtValue value: UInt8) {
        switch value {
        case 0: self = .noVerification
        case 1: self = .signature
        case 2: self = .onlinePIN
        case 3, 4: self = .offlinePIN
        case 5...7: self = .pinAndSignature
        default: return nil
        }
    }

    /// The statement, in the screen's language.
    public var receiptText: String {
        switch self {
        case .noVerification: L10n.tr("card.verification.none")
        case .signature: L10n.tr("card.verification.signature")
        case .onlinePIN, .offlinePIN: L10n.tr("card.verification.pin")
        case .pinAndSignature: L10n.tr("card.verification.pinAndSignature")
        }
    }

    /// True when the merchant copy needs a signature line.
    public var needsSignature: Bool { self == .signature || self == .pinAndSignature }
}
