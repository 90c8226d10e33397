import Storage

/// The receipt templates, by file name (`<name>.mustache`).
public enum ReceiptTemplateName: String, CaseIterable, Sendable {
    case sale
    case refund
    case reversal
    case cardSlip = "card_slip"
    case endOfDay = "end_of_day"
    /// The shop header, a partial (`{{> header}}`).
    case header
    /// The card part, a partial (`{{> card}}`) shared by receipts and the card slip.
    case card

    /// The template of a stored receipt kind.
    public init(_ kind: ReceiptRecord.Kind) {
        switch kind {
        case .sale: self = .sale
        case .refund: self = .refund
        case .reversal: self = .reversal
        case .cardSlip: self = .cardSlip
        case .endOfDay: self = .endOfDay
        }
    }

    /// The file name.
    public var fileName: String { rawValue + ".mustache" }
}
