/// A terminal's size in cells.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    public var rows: Int
    public var columns: Int

    /// Creates a size.
    public init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
    }

    public var description: String { "\(columns)x\(rows)" }
}

/// A rectangle of cells on a canvas.
public struct CanvasRect: Hashable, Sendable {
    public var row: Int
    public var column: Int
    public var height: Int
    public var width: Int

    /// Creates a rectangle.
    public init(row: Int, column: Int, height: Int, width: Int) {
        self.row = row
        self.column = column
        self.height = max(0, height)
        self.width = max(0, width)
    }

    /// The row below the rectangle.
    public var bottom: Int { row + height }
    /// The column right of the rectangle.
    public var right: Int { column + width }
}
