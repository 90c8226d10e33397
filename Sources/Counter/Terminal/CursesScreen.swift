import CNcurses
import Foundation
import Localization

/// The real terminal, through ncurses (wide-character): UTF-8 text, colours where the terminal has them (bold
/// and reverse video where it has not), and the terminal restored on exit and on fatal signals.
///
/// Curses only draws; keys are read from stdin by ``StdinKeyReader`` on its own thread and decoded by
/// ``KeyDecoder`` with the terminal's terminfo sequences, so nothing that blocks runs on the main actor.
@MainActor
public final class CursesScreen: TerminalScreen {
    /// The terminal's size now (asked of the terminal, so the first paint after a resize already has it).
    public var size: TerminalSize { Self.currentSize() }
    /// The size curses was last told about.
    private var cursesSize: TerminalSize
    public var keys: AsyncStream<TimedKey> { reader.keys }
    private let reader: StdinKeyReader
    private let window: UnsafeMutablePointer<WINDOW>
    private let hasColours: Bool
    private var closed = false

    /// Takes over the terminal on stdin/stdout.
    /// - Throws: ``CounterError/terminalUnavailable(_:)`` when stdout is not a terminal or TERM is unknown.
    public init() throws(CounterError) {
        guard isatty(STDOUT_FILENO) == 1, isatty(STDIN_FILENO) == 1 else {
            throw .terminalUnavailable(L10n.tr("counter.error.notATerminal"))
        }
        Self.chooseUTF8Locale()
        TerminalRestorer.install(fd: STDOUT_FILENO)
        guard CNcurses_newterm() != nil, let screen = CNcurses_stdscr() else {
            TerminalRestorer.uninstall()
            throw .terminalUnavailable(L10n.tr("counter.error.unknownTerm", ["term": ProcessInfo.processInfo.environment["TERM"] ?? ""]))
        }
        window = screen
        raw()
        noecho()
        nonl()
        curs_set(0)
        hasColours = has_colors()
        if hasColours { Self.startColours() }
        cursesSize = Self.currentSize()
        reader = StdinKeyReader(fd: STDIN_FILENO, decoder: KeyDecoder(extra: Self.terminfoSequences()))
        WindowSizeSignal.install { [reader] in reader.resized(to: Self.currentSize()) }
    }

    public func now() -> Duration { reader.now() }
    public var keysReceived: Int { reader.keysReceived }

    public func draw(_ canvas: TextCanvas) {
        let current = Self.currentSize()
        if current != cursesSize {
            cursesSize = current
            resizeterm(Int32(current.rows), Int32(current.columns))
        }
        let size = cursesSize
        let rows = min(canvas.size.rows, size.rows), columns = min(canvas.size.columns, size.columns)
        werase(window)
        for row in 0..<rows {
            var column = 0
            while column < columns {
                let attributes = canvas[row, column].attributes
                var text = ""
                let runStart = column
                while column < columns, canvas[row, column].attributes == attributes {
                    let cell = canvas[row, column]
                    if !cell.isContinuation { text.append(cell.character) }
                    column += 1
                }
                CNcurses_setAttributes(window, curses(attributes))
                // The bottom-right cell cannot be written without scrolling on some terminals: leave it.
                if row == size.rows - 1 && column == size.columns { text = String(text.dropLast()) }
                CNcurses_put(window, Int32(row), Int32(runStart), text)
            }
        }
        CNcurses_setAttributes(window, 0)
        wnoutrefresh(window)
        doupdate()
    }

    public func close() {
        guard !closed else { return }
        closed = true
        WindowSizeSignal.uninstall()
        endwin()
        TerminalRestorer.uninstall()
    }

    // MARK: - Attributes

    private func curses(_ attributes: CellAttributes) -> Int32 {
        var value: Int32 = 0
        if attributes.bold { value |= CNcurses_bold() }
        if attributes.underline { value |= CNcurses_underline() }
        if hasColours {
            if attributes.role != .normal { value |= CNcurses_colorPair(Int32(attributes.role.rawValue)) }
            if attributes.role == .selection { value |= CNcurses_reverse() }
        } else {
            switch attributes.role {
            case .status, .keyBar, .selection, .demo, .error: value |= CNcurses_reverse()
            case .accent, .success: value |= CNcurses_bold()
            case .normal: break
            }
            if attributes.reverse { value |= CNcurses_reverse() }
        }
        return value
    }

    private static func startColours() {
        start_color()
        let background: Int16 = use_default_colors() == OK ? -1 : Int16(COLOR_BLACK)
        let pairs: [(CellAttributes.Role, Int32, Int16)] = [
            (.status, COLOR_WHITE, Int16(COLOR_BLUE)),
            (.keyBar, COLOR_BLACK, Int16(COLOR_CYAN)),
            (.selection, COLOR_CYAN, background),
            (.accent, COLOR_YELLOW, background),
            (.error, COLOR_WHITE, Int16(COLOR_RED)),
            (.success, COLOR_GREEN, background),
            (.demo, COLOR_BLACK, Int16(COLOR_YELLOW)),
        ]
        for (role, foreground, back) in pairs {
            init_pair(Int16(role.rawValue), Int16(foreground), back)
        }
    }

    // MARK: - Terminal facts

    nonisolated private static func currentSize() -> TerminalSize {
        var rows: Int32 = 0, columns: Int32 = 0
        CNcurses_windowSize(STDOUT_FILENO, &rows, &columns)
        return TerminalSize(rows: rows > 0 ? Int(rows) : 24, columns: columns > 0 ? Int(columns) : 80)
    }

    /// Picks a UTF-8 locale so curses draws UTF-8: the environment's, else C.UTF-8.
    private static func chooseUTF8Locale() {
        if let chosen = setlocale(LC_ALL, ""), String(cString: chosen).uppercased().contains("UTF-8") { return }
        _ = setlocale(LC_ALL, "C.UTF-8")
    }

    /// The key sequences terminfo names for this terminal.
    private static func terminfoSequences() -> [String: KeyEvent] {
        var names: [String: KeyEvent] = [
            "kcuu1": .up, "kcud1": .down, "kcub1": .left, "kcuf1": .right, "khome": .home, "kend": .end,
            "kpp": .pageUp, "knp": .pageDown, "kdch1": .delete, "kich1": .insert,
        ]
        for number in 1...12 { names["kf\(number)"] = .function(number) }
        var table: [String: KeyEvent] = [:]
        for (name, key) in names {
            if let value = CNcurses_stringCapability(name) { table[String(cString: value)] = key }
        }
        return table
    }
}
