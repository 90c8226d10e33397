import Hardware
import Testing

@Suite struct SerialSettingsTests {
    @Test func presets_matchTheReferences_zvt8N2Concert8N1() {
        #expect(SerialSettings.zvt.description == "9600 8N2")
        #expect(SerialSettings.concert.description == "9600 8N1")
        #expect(SerialSettings.concertRS232.description == "9600 7E1")
    }

    @Test(arguments: ["9600 8N2", "115200,8N1", "9600 7e1", "19200 8O1"])
    func parsing_wellFormed_roundTrips(text: String) throws {
        let settings = try #require(SerialSettings(parsing: text))
        #expect(SerialSettings(parsing: settings.description) == settings)
    }

    @Test(arguments: ["9600", "9601 8N1", "9600 9N1", "9600 8X1", "9600 8N3", ""])
    func parsing_malformed_returnsNil(text: String) {
        #expect(SerialSettings(parsing: text) == nil)
    }
}
