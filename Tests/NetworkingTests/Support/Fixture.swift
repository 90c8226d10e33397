import Foundation
import Testing

/// Loads the JSON fixtures under `Responses/`.
enum Fixture {
    static func data(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Data {
        let url = try #require(
            Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Responses"),
            "missing fixture \(name).json", sourceLocation: sourceLocation)
        return try Data(contentsOf: url)
    }

    /// A loader for MockNetwork: file name → data.
    static let loader: @Sendable (String) -> Data? = { name in
        Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Responses").flatMap { try? Data(contentsOf: $0) }
    }

    /// Builds a UTC date from its parts.
    static func date(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
    }
}
