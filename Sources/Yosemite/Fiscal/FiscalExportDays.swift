import Foundation

/// The days of a DSFinV-K export as a person types them (`2026-03-01`), for `pos fiscal export` and the counter's
/// TSE screen alike.
public enum FiscalExportDays {
    /// A day typed as `2026-03-01`, or `nil`.
    public static func day(_ text: String) -> DateComponents? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, (1...12).contains(parts[1]), (1...31).contains(parts[2]) else { return nil }
        return DateComponents(year: parts[0], month: parts[1], day: parts[2])
    }

    /// From the start of `from` to the start of the day after `to`, in `timeZone` (the export's); `nil` when either
    /// is no day.
    public static func range(from: String, to: String, in timeZone: TimeZone) -> (from: Date, end: Date)? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        guard let fromDay = day(from).flatMap({ calendar.date(from: $0) }),
              let toDay = day(to).flatMap({ calendar.date(from: $0) }),
              let end = calendar.date(byAdding: .day, value: 1, to: toDay) else { return nil }
        return (fromDay, end)
    }
}
