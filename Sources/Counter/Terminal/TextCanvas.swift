/// A grid of cells that views draw on: pure, so tests render it to text and compare snapshots, and a
/// ``TerminalScreen`` puts it on a real terminal.
///
/// A wide character takes two cells: the first holds it, the second is a continuation that draws nothing.
public struct TextCanvas: Hashable, Sendable {
    /// One cell.
    public struct Cell: Hashable, Sendable {
        /// The character shown; a space when empty.
        public var character: Character
        public var attributes: CellAttributes
        /// The right half of a wide character.
        public var isContinuation: Bool

        /// An empty cell.
        public static let blank = Cell(character: " ", attributes: .normal, isContinuation: false)
    }

    public let size: TerminalSize
    public private(set) var cells: [Cell]
    /// Keys the shell holds back because they may still be the start of a scan (``ScanDetector/echo``): the focused
    /// text field draws them before its caret as if typed (``echoing(_:)``, ``putInput(_:row:column:attributes:clip:)``),
    /// though no screen has seen them yet. Set by ``CounterApp`` before a screen draws; empty otherwise.
    public var heldKeys = ""

    /// A blank canvas.
    public init(size: TerminalSize) {
        self.size = size
        cells = Array(repeating: .blank, count: max(0, size.rows * size.columns))
    }

    /// The whole canvas as a rectangle.
    public var bounds: CanvasRect { CanvasRect(row: 0, column: 0, height: size.rows, width: size.columns) }

    /// The cell at a position.
    public subscript(row: Int, column: Int) -> Cell {
        cells[row * size.columns + column]
    }

    /// Writes text from a position, clipped to `clip` (the canvas when `nil`); returns the column after it. Text
    /// cut at the right edge ends in "…", so a cashier sees that something is missing.
    @discardableResult
    public mutating func put(_ text: String, row: Int, column: Int, attributes: CellAttributes = .normal,
                             clip: CanvasRect? = nil) -> Int {
        let area = clip ?? bounds
        guard row >= max(0, area.row), row < min(size.rows, area.bottom) else { return column }
        let limit = min(size.columns, area.right)
        var col = column
        var lastStart: Int?
        for (offset, character) in zip(text.indices, text) {
            let width = TextWidth.of(character)
            if width == 0 { continue }
            if col + width > limit {
                // Cut: the last visible cell says so, unless only spaces were left out.
                if text[offset...].contains(where: { !$0.isWhitespace }) {
                    let ellipsis = Cell(character: "…", attributes: attributes, isContinuation: false)
                    if col < limit, col >= max(0, area.column) {
                        set(row, col, ellipsis)
                    } else if let lastStart, lastStart >= max(0, area.column) {
                        if col - lastStart == 2 { set(row, lastStart + 1, .blank) }
                        set(row, lastStart, ellipsis)
                    }
                }
                break
            }
            lastStart = col
            if col >= max(0, area.column) {
                set(row, col, Cell(character: character, attributes: attributes, isContinuation: false))
                if width == 2 { set(row, col + 1, Cell(character: " ", attributes: attributes, isContinuation: true)) }
            }
            col += width
        }
        return col
    }

    /// Fills a rectangle with spaces in the given attributes.
    public mutating func fill(_ rect: CanvasRect, attributes: CellAttributes = .normal) {
        for row in max(0, rect.row)..<min(size.rows, rect.bottom) {
            for col in max(0, rect.column)..<max(max(0, rect.column), min(size.columns, rect.right)) {
                set(row, col, Cell(character: " ", attributes: attributes, isContinuation: false))
            }
        }
    }

    /// The text of each row, trailing spaces removed: what a snapshot compares.
    public func rendered() -> String {
        (0..<size.rows).map { row in
            var line = ""
            for col in 0..<size.columns where !self[row, col].isContinuation {
                line.append(self[row, col].character)
            }
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }

    /// Whether any row contains `text`.
    public func contains(_ text: String) -> Bool {
        rendered().contains(text)
    }

    private mutating func set(_ row: Int, _ column: Int, _ cell: Cell) {
        // Overwriting half of a wide character blanks its other half.
        let index = row * size.columns + column
        if cells[index].isContinuation, column > 0 { cells[index - 1] = .blank }
        if !cells[index].isContinuation, column + 1 < size.columns, cells[index + 1].isContinuation, !cell.isContinuation {
            cells[index + 1] = .blank
        }
        cells[index] = cell
    }
}
