import Foundation
import Glibc

/// WordPress date text: `yyyy-MM-ddTHH:mm:ss`, no zone (the store's zone is UTC, so local equals GMT).
enum WooDate {
    /// Formats `date` in UTC without a zone suffix.
    static func format(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d",
            parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday, parts.tm_hour, parts.tm_min, parts.tm_sec
        )
    }

    /// An HTTP `Date` header value (RFC 9110 IMF-fixdate), e.g. `Sat, 21 Nov 2026 20:18:30 GMT`.
    static func httpDate(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return String(
            format: "%@, %02d %@ %04d %02d:%02d:%02d GMT", days[Int(parts.tm_wday) % 7], parts.tm_mday,
            months[Int(parts.tm_mon) % 12], parts.tm_year + 1900, parts.tm_hour, parts.tm_min, parts.tm_sec
        )
    }

    /// A date as JSON text, or `null`.
    static func json(_ date: Date?) -> JSON {
        date.map { .string(format($0)) } ?? .null
    }

    /// Parses ISO 8601 (`2024-01-02T03:04:05`, optional fraction, `Z` or `±hh:mm`); no zone means UTC.
    static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        func number(_ start: Int, _ count: Int) -> Int32? {
            guard start + count <= bytes.count else { return nil }
            var value: Int32 = 0
            for byte in bytes[start..<start + count] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int32(byte - 48)
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              bytes.count >= 10, bytes[4] == 45, bytes[7] == 45 else { return nil }
        var parts = tm()
        parts.tm_year = year - 1900
        parts.tm_mon = month - 1
        parts.tm_mday = day
        var index = 10
        if bytes.count > 10 {
            guard bytes[10] == 84 || bytes[10] == 32, let hour = number(11, 2), let minute = number(14, 2) else {
                return nil
            }
            parts.tm_hour = hour
            parts.tm_min = minute
            index = 16
            if index < bytes.count, bytes[index] == 58, let second = number(17, 2) {
                parts.tm_sec = second
                index = 19
            }
            if index < bytes.count, bytes[index] == 46 {
                index += 1
                while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
            }
        }
        guard (1...12).contains(month), (1...31).contains(day) else { return nil }
        var offset: Int32 = 0
        if index < bytes.count {
            if bytes[index] == 90, index + 1 == bytes.count {
                offset = 0
            } else if bytes[index] == 43 || bytes[index] == 45, let h = number(index + 1, 2) {
                let m = number(index + 4, 2) ?? number(index + 3, 2) ?? 0
                offset = (h * 3600 + m * 60) * (bytes[index] == 45 ? -1 : 1)
            } else {
                return nil
            }
        }
        let seconds = timegm(&parts)
        return Date(timeIntervalSince1970: TimeInterval(Int(seconds) - Int(offset)))
    }
}
