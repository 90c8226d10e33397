import Foundation
import Testing
@testable import Localization

/// The one local date-time, time of day and percentage of each language, and ISO 8601 with the offset.
struct FormatsTests {
    /// 2026-11-29 14:47:18 UTC: 15:47 in Berlin (winter, +01:00).
    let instant = Date(timeIntervalSince1970: 1_795_963_638)
    let berlin = TimeZone(identifier: "Europe/Berlin")!

    @Test func dateTime_inTheStoresZone_germanDIN5008_englishISO() {
        #expect(Strings.of(.german).dateTime(instant, in: berlin) == "29.11.2026 15:47")
        #expect(Strings.of(.english).dateTime(instant, in: berlin) == "2026-11-29 15:47")
        #expect(Strings.of(.german).dateTime(instant, in: TimeZone(identifier: "UTC")!) == "29.11.2026 14:47")
        #expect(Strings.of(.german).timeOfDay(instant, in: berlin) == "15:47:18")
    }

    @Test func isoTime_alwaysWithANumericOffset() {
        #expect(ISOTime.string(instant, in: berlin) == "2026-11-29T15:47:18+01:00")
        #expect(ISOTime.string(instant, in: TimeZone(identifier: "UTC")!) == "2026-11-29T14:47:18+00:00")
        #expect(ISOTime.string(instant, in: TimeZone(identifier: "America/New_York")!) == "2026-11-29T09:47:18-05:00")
        // Summer time: +02:00
        #expect(ISOTime.string(Date(timeIntervalSince1970: 1_782_740_838), in: berlin).hasSuffix("+02:00"))
    }

    @Test func percent_germanWithSpaceAndComma_englishWithout() {
        #expect(Strings.of(.german).percent("19.0000") == "19 %")
        #expect(Strings.of(.german).percent("7.5000") == "7,5 %")
        #expect(Strings.of(.german).percent("0.0000") == "0 %")
        #expect(Strings.of(.english).percent("19.0000") == "19%")
        #expect(Strings.of(.english).percent("7.5") == "7.5%")
        #expect(Strings.of(.english).percent("19") == "19%")
    }
}
