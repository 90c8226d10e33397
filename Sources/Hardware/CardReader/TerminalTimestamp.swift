/// The date and time a terminal reported for a transaction, as it sent them (no time zone, year optional).
///
/// ZVT sends the time as BMP 0C (HHMMSS), the date as BMP 0D (MMDD) or AA (YYMMDD).
public struct TerminalTimestamp: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The full year, when the terminal sent one (BMP AA).
    public var year: Int?
    /// 1–12, when a date was sent.
    public var month: Int?
    /// 1–31, when a date was sent.
    public var day: Int?
    /// 0–23, when a time was sent.
    public var hour: Int?
    /// 0–59, when a time was sent.
    public var minute: Int?
    /// 0–59, when a time was sent.
    public var second: Int?

    /// Creates a timestamp.
    public init(year: Int? = nil, month: Int? = nil, day: Int? = nil, hour: Int? = nil, minute: Int? = nil, second: Int? = nil) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// "2026-11-21 14:03:07", "11-21 14:03:07" without a year; parts that were not sent are left out.
    public var description: String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var parts: [String] = []
        if let month, let day {
            parts.append((year.map { "\($0)-" } ?? "") + "\(two(month))-\(two(day))")
        }
        if let hour, let minute, let second {
            parts.append("\(two(hour)):\(two(minute)):\(two(second))")
        }
        return parts.joined(separator: " ")
    }
}
