import Foundation
import POSFoundation

/// Parses HTTP dates (`Sun, 06 Nov 1994 08:49:37 GMT`, RFC 9110 IMF-fixdate) by hand.
enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The date, or nil when the text is not an IMF-fixdate.
    static func parse(_ text: String) -> Date? {
        // "Sun, 06 Nov 1994 08:49:37 GMT" → ["Sun,", "06", "Nov", "1994", "08:49:37", "GMT"]
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[5].uppercased() == "GMT",
            let day = Int(parts[1]), let monthIndex = months.firstIndex(of: parts[2].lowercased()),
            let year = Int(parts[3])
        else { return nil }
        let time = parts[4].split(separator: ":")
        guard time.count == 3, let hour = Int(time[0]), let minute = Int(time[1]), let second = Int(time[2]) else {
            return nil
        }
        let days = CivilDate.days(year: year, month: monthIndex + 1, day: day)
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
    }
}
