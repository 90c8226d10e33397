/// A receipt rendered for the screen (`pos receipt show`), not stored.
public struct ReceiptPreview: Sendable {
    /// The rendered receipt.
    public var rendered: RenderedReceipt
    /// The width it is meant for.
    public var width: Int
}
