/// How a cell is drawn: a colour role and text attributes. Roles map to colour pairs, or to bold and reverse
/// video on a monochrome terminal.
public struct CellAttributes: Hashable, Sendable {
    /// What a cell's colour means; the terminal picks the colours.
    public enum Role: Int, Hashable, Sendable, CaseIterable {
        case normal = 0
        /// The status bar at the top.
        case status
        /// The function-key bar at the bottom.
        case keyBar
        /// A selected row.
        case selection
        /// Headings and totals.
        case accent
        /// Errors and warnings.
        case error
        /// Good news: a sale done, a receipt printed.
        case success
        /// The demo banner.
        case demo
    }

    public var role: Role
    public var bold: Bool
    public var reverse: Bool
    public var underline: Bool

    /// Creates attributes.
    public init(role: Role = .normal, bold: Bool = false, reverse: Bool = false, underline: Bool = false) {
        self.role = role
        self.bold = bold
        self.reverse = reverse
        self.underline = underline
    }

    /// Plain text.
    public static let normal = CellAttributes()
    /// Bold text.
    public static let bold = CellAttributes(bold: true)
    /// A selected row.
    public static let selection = CellAttributes(role: .selection, reverse: true)
}
