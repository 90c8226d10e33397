import Foundation
import Networking
import Testing

struct WooDateTests {
    @Test(arguments: [
        ("2026-03-01T09:15:00", Fixture.date(2026, 3, 1, 9, 15)),
        ("2026-03-01 09:15:00", Fixture.date(2026, 3, 1, 9, 15)),
        ("2026-03-01T09:15:00Z", Fixture.date(2026, 3, 1, 9, 15)),
        ("2026-03-01T10:15:00+01:00", Fixture.date(2026, 3, 1, 9, 15)),
        ("2024-02-29T23:59:59", Fixture.date(2024, 2, 29, 23, 59, 59)),
        ("1970-01-01T00:00:00", Date(timeIntervalSince1970: 0)),
    ])
    func parse_wooCommerceForms_giveUTCDates(text: String, expected: Date) {
        #expect(WooDate.parse(text) == expected)
    }

    @Test(arguments: ["", "0000-00-00 00:00:00", "2026-13-01T00:00:00", "yesterday", "2026-03-01", "2026-03-01T09:15:00 junk"])
    func parse_invalidText_isNil(text: String) {
        #expect(WooDate.parse(text) == nil)
    }

    @Test func format_date_roundTripsThroughParse() {
        // Given
        let date = Fixture.date(2031, 12, 31, 23, 5, 9)

        // When
        let text = WooDate.format(date)

        // Then
        #expect(text == "2031-12-31T23:05:09")
        #expect(WooDate.parse(text) == date)
    }
}
