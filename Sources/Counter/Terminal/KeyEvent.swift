/// One key the cashier pressed (or a scanner typed), decoded from the terminal's bytes.
public enum KeyEvent: Hashable, Sendable {
    /// A printable character (UTF-8 decoded).
    case character(Character)
    case enter
    case backspace
    case delete
    case escape
    case tab
    case up
    case down
    case left
    case right
    case home
    case end
    case pageUp
    case pageDown
    case insert
    /// F1…F12.
    case function(Int)
    /// Ctrl with a letter, lowercase ("c" for Ctrl-C).
    case control(Character)
    /// The terminal changed size.
    case resize(TerminalSize)

    /// The character of a printable key.
    public var printable: Character? {
        if case .character(let character) = self { return character }
        return nil
    }
}

/// A key with the time it arrived, on the clock the run loop and the scanner detector share.
public struct TimedKey: Hashable, Sendable {
    public var key: KeyEvent
    /// Time since an arbitrary start (the input reader's clock).
    public var time: Duration

    /// Creates a timed key.
    public init(_ key: KeyEvent, at time: Duration) {
        self.key = key
        self.time = time
    }
}
