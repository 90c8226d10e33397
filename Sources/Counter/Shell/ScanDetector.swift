/// Tells a barcode scanner from a person: a scanner "types" a burst of printable keys much faster than anyone
/// can, and ends it with Enter.
///
/// Pure and clock-injected: each key comes with its arrival time. Printable keys are held back while they might
/// still be the start of a scan, and released as ordinary keys when the burst breaks (a gap longer than
/// ``Settings/maximumGap``, a non-printable key, or ``flush(at:)`` after the deadline). A burst of at least
/// ``Settings/minimumLength`` keys ending in Enter becomes one ``Output/scan(_:)`` and none of its keys reach
/// the focused field.
public struct ScanDetector: Sendable {
    /// The thresholds; both are app settings.
    public struct Settings: Hashable, Sendable {
        /// The fewest characters a scan has.
        public var minimumLength: Int
        /// The longest gap between two keys of a scan (Enter included).
        public var maximumGap: Duration

        /// Creates settings.
        public init(minimumLength: Int = 4, maximumGap: Duration = .milliseconds(30)) {
            self.minimumLength = minimumLength
            self.maximumGap = maximumGap
        }
    }

    /// What the detector lets through.
    public enum Output: Hashable, Sendable {
        /// A key for the focused field or the screen.
        case key(KeyEvent)
        /// A scanned code.
        case scan(String)
    }

    public let settings: Settings
    private var pending: [TimedKey] = []

    /// Creates a detector.
    public init(settings: Settings = Settings()) {
        self.settings = settings
    }

    /// When held keys must be released if nothing else arrives; `nil` when nothing is held.
    public var deadline: Duration? {
        pending.last.map { $0.time + settings.maximumGap }
    }

    /// The printable keys held now, for the focused field to show after its text as if typed (``CounterApp`` puts
    /// them in ``TextCanvas/heldKeys``): they are not delivered yet and may never be. Empty when nothing is held, and
    /// once as many keys as a scan's ``Settings/minimumLength`` are held: those are most likely a scan, so nothing
    /// shows until the burst resolves (a scan never shows as typed).
    public var echo: String {
        guard pending.count < settings.minimumLength else { return "" }
        return String(pending.compactMap(\.key.printable))
    }

    /// Feeds one key; returns what to deliver now.
    public mutating func feed(_ timed: TimedKey) -> [Output] {
        var output: [Output] = []
        if let last = pending.last, timed.time - last.time > settings.maximumGap {
            output += release()
        }
        switch timed.key {
        case .character:
            pending.append(timed)
        case .enter where pending.count >= settings.minimumLength:
            let code = String(pending.compactMap(\.key.printable))
            pending.removeAll()
            output.append(.scan(code))
        default:
            output += release()
            output.append(.key(timed.key))
        }
        return output
    }

    /// Releases held keys as ordinary keys once `now` is past the deadline.
    public mutating func flush(at now: Duration) -> [Output] {
        guard let deadline, now >= deadline else { return [] }
        return release()
    }

    private mutating func release() -> [Output] {
        defer { pending.removeAll() }
        return pending.map { .key($0.key) }
    }
}
