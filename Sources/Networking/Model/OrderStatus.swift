import POSFoundation

/// The status of an order; an unknown slug from a plugin is kept as ``custom(_:)``.
public enum OrderStatus: Hashable, Sendable, Codable, CustomStringConvertible {
    case autoDraft, pending, processing, onHold, completed, cancelled, refunded, failed, checkoutDraft
    case custom(String)

    /// Builds a status from its slug ("on-hold"); a `wc-` prefix is dropped.
    public init(slug: String) {
        let bare = slug.hasPrefix("wc-") ? String(slug.dropFirst(3)) : slug
        switch bare {
        case "auto-draft": self = .autoDraft
        case "pending": self = .pending
        case "processing": self = .processing
        case "on-hold": self = .onHold
        case "completed": self = .completed
        case "cancelled": self = .cancelled
        case "refunded": self = .refunded
        case "failed": self = .failed
        case "checkout-draft": self = .checkoutDraft
        default: self = .custom(bare)
        }
    }

    /// The slug WooCommerce uses ("on-hold").
    public var slug: String {
        switch self {
        case .autoDraft: "auto-draft"
        case .pending: "pending"
        case .processing: "processing"
        case .onHold: "on-hold"
        case .completed: "completed"
        case .cancelled: "cancelled"
        case .refunded: "refunded"
        case .failed: "failed"
        case .checkoutDraft: "checkout-draft"
        case .custom(let slug): slug
        }
    }

    /// Whether the order counts as paid (processing or completed).
    public var isPaid: Bool { self == .processing || self == .completed }

    public var description: String { slug }

    public init(from decoder: any Decoder) throws {
        self.init(slug: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(slug)
    }
}
