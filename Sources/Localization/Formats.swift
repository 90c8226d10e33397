import Foundation

/// The one way each language writes a local date and time and a tax rate, for every screen and every human line
/// of the command line: German as DIN 5008 writes them ("29.11.2026 15:47", "19 %", "7,5 %"), English
/// as ISO 8601 does without the "T" ("2026-11-29 15:47") and rates without a space ("19%", "7.5%"). Amounts are the
/// store's `MoneyFormat`'s; `--json` writes times with ``ISOTime``.
extension Strings {
    /// `date` as a local date and time in `timeZone` (the store's): "29.11.2026 15:47" / "2026-11-29 15:47".
    public func dateTime(_ date: Date, in timeZone: TimeZone) -> String {
        let parts = Self.parts(date, timeZone)
        let time = Self.two(parts.hour) + ":" + Self.two(parts.minute)
        return day(parts) + " " + time
    }

    /// `date` as a local time of day in `timeZone`, with seconds: "15:47:18".
    public func timeOfDay(_ date: Date, in timeZone: TimeZone) -> String {
        let parts = Self.parts(date, timeZone)
        return Self.two(parts.hour) + ":" + Self.two(parts.minute) + ":" + Self.two(parts.second)
    }

    /// A tax rate as the server writes it ("19.0000", "7.5") as this language writes a percentage: "19 %" and
    /// "7,5 %" in German, "19%" and "7.5%" in English. Text that is not a number is kept as it is, with the sign.
    public func percent(_ rate: String) -> String {
        var number = rate.trimmingCharacters(in: .whitespaces)
        let isNumber = !number.isEmpty && number.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
            && number.filter { $0 == "." }.count <= 1
        if isNumber, number.contains(".") {
            while number.hasSuffix("0") { number.removeLast() }
            if number.hasSuffix(".") { number.removeLast() }
            if number.isEmpty { number = "0" }
        }
        switch language {
        case .english: return number + "%"
        case .german: return (isNumber ? number.replacingOccurrences(of: ".", with: ",") : number) + " %"
        }
    }

    private func day(_ parts: DateComponents) -> String {
        switch language {
        case .english: Self.four(parts.year) + "-" + Self.two(parts.month) + "-" + Self.two(parts.day)
        case .german: Self.two(parts.day) + "." + Self.two(parts.month) + "." + Self.four(parts.year)
        }
    }

    static func parts(_ date: Date, _ timeZone: TimeZone) -> DateComponents {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    }

    static func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
    static func four(_ value: Int?) -> String { String(format: "%04d", value ?? 0) }
}

extension L10n {
    /// ``Strings/dateTime(_:in:)`` in the screen's language.
    public static func dateTime(_ date: Date, in timeZone: TimeZone) -> String { screen.dateTime(date, in: timeZone) }

    /// ``Strings/percent(_:)`` in the screen's language.
    public static func percent(_ rate: String) -> String { screen.percent(rate) }
}

/// A time for machines (`--json`, exports for scripts): ISO 8601 with the offset of `timeZone` (the store's),
/// "2026-11-29T15:47:18+01:00", always with a numeric offset ("+00:00" in UTC, never "Z"), so every `--json` time
/// reads the same way.
public enum ISOTime {
    /// `date` as ISO 8601 in `timeZone`, whole seconds, with its offset.
    public static func string(_ date: Date, in timeZone: TimeZone) -> String {
        let parts = Strings.parts(date, timeZone)
        let offset = timeZone.secondsFromGMT(for: date)
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        return Strings.four(parts.year) + "-" + Strings.two(parts.month) + "-" + Strings.two(parts.day) + "T"
            + Strings.two(parts.hour) + ":" + Strings.two(parts.minute) + ":" + Strings.two(parts.second)
            + sign + Strings.two(minutes / 60) + ":" + Strings.two(minutes % 60)
    }
}
