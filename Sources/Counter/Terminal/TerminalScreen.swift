/// Where the counter paints and where its keys come from: curses on a real terminal (``CursesScreen``), or a
/// canvas in memory for tests and benchmarks (``CanvasScreen``).
@MainActor
public protocol TerminalScreen: AnyObject {
    /// The current size in cells.
    var size: TerminalSize { get }
    /// Puts a whole canvas on the screen.
    func draw(_ canvas: TextCanvas)
    /// Keys and resizes as they arrive, read off the main actor, stamped on one clock.
    var keys: AsyncStream<TimedKey> { get }
    /// The time on the keys' clock now (the scanner detector's deadlines are on it).
    func now() -> Duration
    /// How many events ``keys`` has delivered into its stream so far (read or still queued). The keys that arrived
    /// together (one read of the terminal) count at once, before the first of them is in the stream: the shell takes
    /// "nothing queued" to mean a burst is over.
    var keysReceived: Int { get }
    /// Gives the terminal back as it was.
    func close()
}
