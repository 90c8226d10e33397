/// Lines taller than the room they are drawn in (a Z report at 80×24, an order's details, a receipt): which line is
/// at the top, moved by the usual keys and kept in range when the lines or the room change. The view that owns it
/// draws through ``draw(_:in:rect:)``, which marks hidden lines with ▲ above and ▼ below.
///
/// ```swift
/// if scroll.handle(key) { setNeedsDisplay(); return }     // ↑ ↓ PgUp PgDn Home End
/// scroll.draw(rows, in: &canvas, rect: rect)
/// ```
public struct ScrollRegion: Hashable, Sendable {
    /// The first line shown.
    public private(set) var offset = 0
    /// How many lines there are, as last drawn.
    public private(set) var total = 0
    /// How many fit, as last drawn.
    public private(set) var visible = 0

    /// A region at its top.
    public init() {}

    /// Whether some lines are out of view.
    public var canScroll: Bool { total > visible }
    /// Whether the last line is in view.
    public var isAtEnd: Bool { offset + visible >= total }
    /// For the frame log: "3/12/9" (offset, total, visible).
    public var summary: String { "\(offset)/\(total)/\(visible)" }

    /// Back to the top (new content).
    public mutating func reset() { offset = 0 }

    /// Sets the size of the content and of the room, keeping the offset in range.
    public mutating func layout(total: Int, visible: Int) {
        self.total = max(0, total)
        self.visible = max(0, visible)
        clamp()
    }

    /// Moves for a scrolling key and returns true; returns false for any other key (the screen's own). With
    /// `arrows: false`, ↑ and ↓ stay the screen's (they move a selection there) and only the page keys scroll.
    public mutating func handle(_ key: KeyEvent, arrows: Bool = true) -> Bool {
        let page = max(1, visible - 1)
        switch key {
        case .up where arrows: offset -= 1
        case .down where arrows: offset += 1
        case .pageUp: offset -= page
        case .pageDown: offset += page
        case .home: offset = 0
        case .end: offset = total
        default: return false
        }
        clamp()
        return true
    }

    private mutating func clamp() {
        offset = max(0, min(offset, total - visible))
    }

    /// Draws the lines in view into `rect` (one line a row), with ▲ at the top right when lines are hidden above
    /// and ▼ at the bottom right when lines are hidden below.
    public mutating func draw(_ lines: [(text: String, attributes: CellAttributes)], in canvas: inout TextCanvas,
                              rect: CanvasRect) {
        layout(total: lines.count, visible: rect.height)
        for (index, line) in lines.dropFirst(offset).prefix(visible).enumerated() {
            canvas.put(line.text, row: rect.row + index, column: rect.column, attributes: line.attributes, clip: rect)
        }
        guard rect.width > 2, visible > 0 else { return }
        let marks = CellAttributes(role: .accent, bold: true)
        if offset > 0 { canvas.put("▲", row: rect.row, column: rect.right - 1, attributes: marks, clip: rect) }
        if !isAtEnd { canvas.put("▼", row: rect.bottom - 1, column: rect.right - 1, attributes: marks, clip: rect) }
    }
}
