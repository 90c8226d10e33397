import Hardware
import POSFoundation
import Testing

/// The Epson display bytes for each moment of a sale, spelled out byte by byte.
@Suite struct PoleDisplayEncoderTests {
    static let encoder = PoleDisplayEncoder()  // PC858, "1.234,50 €", German words
    static func eur(_ cents: Int64) -> Money { Money(minorUnits: cents, currency: .eur) }
    static func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }
    static let row1: [UInt8] = [0x1F, 0x24, 0x01, 0x01]
    static let row2: [UInt8] = [0x1F, 0x24, 0x01, 0x02]

    @Test func initialization_resetsSelectsPC858OverwriteNoCursorClears() {
        #expect(Self.encoder.initialization() == [0x1B, 0x40, 0x1B, 0x74, 0x13, 0x1F, 0x01, 0x1F, 0x43, 0x00, 0x0C])
    }

    @Test func item_umlautAndEuroSign_useTheirPC858Bytes() {
        let bytes = Self.encoder.encode(.item(name: "Brötchen", price: Self.eur(45), total: Self.eur(1299)))
        let expected = Self.row1 + Self.ascii("Br") + [0x94] + Self.ascii("tchen      0,45 ") + [0xD5]
            + Self.row2 + Self.ascii("Summe        12,99 ") + [0xD5]
        #expect(bytes == expected)
    }

    @Test func weighedItem_showsPriceThenWeightTimesUnitPrice() {
        let line = WeighedLine(grams: 1234, unitPrice: Self.eur(1299))
        let rows = Self.encoder.rows(for: .weighedItem(name: "Emmental", line: line))
        #expect(rows.0 == "Emmental     16,03 €")
        #expect(rows.1 == "1,234 kg  x 12,99/kg")
    }

    @Test func change_showsGivenAndChange() {
        let bytes = Self.encoder.encode(.change(given: Self.eur(2000), change: Self.eur(701)))
        let expected = Self.row1 + Self.ascii("Gegeben      20,00 ") + [0xD5]
            + Self.row2 + Self.ascii("R") + [0x81] + Self.ascii("ckgeld      7,01 ") + [0xD5]
        #expect(bytes == expected)
    }

    @Test func totalDue_labelThenAmountRight() {
        let rows = Self.encoder.rows(for: .totalDue(Self.eur(123_450)))
        #expect(rows.0 == "Zu zahlen           ")
        #expect(rows.1 == "          1.234,50 €")
    }

    @Test func idleAndThankYou_areCentred() {
        #expect(Self.encoder.rows(for: .idle(welcome: "Willkommen", second: "")) == ("     Willkommen     ", String(repeating: " ", count: 20)))
        #expect(Self.encoder.rows(for: .thankYou(first: "Danke!", second: "Schönen Tag")).1 == "    Schönen Tag     ")
    }

    @Test func longName_isCutToLeaveTheAmount() {
        let rows = Self.encoder.rows(for: .item(name: "Bio-Vollkornbrot mit Sonnenblumenkernen", price: Self.eur(349), total: Self.eur(349)))
        #expect(rows.0 == "Bio-Vollkornb 3,49 €")
    }

    @Test func charactersOutsidePC858_areTransliterated() {
        let rows = Self.encoder.rows(for: .item(name: "Łódź “Spezial”", price: Self.eur(100), total: Self.eur(100)))
        #expect(rows.0 == "Lódz \"Spezial 1,00 €")
        #expect(Self.encoder.encode(.item(name: "Łódź", price: Self.eur(100), total: Self.eur(100))).contains(0xA2))
    }

    @Test func everyState_isTwoFullRows() {
        let line = WeighedLine(grams: 99_999, unitPrice: Self.eur(99_999))
        let states: [PoleDisplayState] = [
            .idle(welcome: String(repeating: "W", count: 30), second: "x"),
            .item(name: "", price: Self.eur(999_999_999), total: Self.eur(999_999_999)),
            .weighedItem(name: "Käse", line: line), .totalDue(Self.eur(0)),
            .change(given: Self.eur(5), change: Self.eur(0)), .thankYou(first: "", second: ""),
        ]
        for state in states {
            let bytes = Self.encoder.encode(state)
            #expect(bytes.count == 4 + 20 + 4 + 20, "\(state)")
            #expect(Array(bytes[24..<28]) == Self.row2)
        }
    }

    @Test func englishTextsAndDotFormat_areHonoured() {
        let encoder = PoleDisplayEncoder(codePage: .pc437, moneyFormat: .standard(for: .eur), texts: .english)
        let rows = encoder.rows(for: .item(name: "Bread", price: Self.eur(249), total: Self.eur(1299)))
        #expect(rows.0 == "Bread        EUR2.49")  // PC437 has no euro sign
        #expect(rows.1.hasPrefix("Total"))
        #expect(encoder.initialization()[4] == 0x00)
    }
}
