import Foundation
import Hardware
import POSFoundation
import Testing

/// Restricted-circulation EAN-13 codes read with every layout shape and check-digit rule.
@Suite struct EmbeddedBarcodeTests {
    /// One layout of each shape: 5+5, 6+4, 5+C+4, 4+C+5; grams, tens of grams and prices.
    static let settings: EmbeddedBarcodeSettings = {
        // swiftlint:disable:next force_try
        try! EmbeddedBarcodeSettings(parsing: """
            28-29:IIIIIVVVVV:weight; 21:IIIIIVVVVV:price; 22:IIIIIIVVVV:price
            23:IIIIICVVVV:weight; 24:IIIICVVVVV:price; 25:IIIIIVVVVV:weight10g
            """)
    }()

    // MARK: - Every layout

    @Test(arguments: [
        // code, prefix, item code, value
        ("2800123012342", 28, "00123", EmbeddedBarcode.Value.weight(grams: 1234)),
        ("2900001002509", 29, "00001", .weight(grams: 250)),
        ("2100456012997", 21, "00456", .price(minorUnits: 1299)),
        ("2212345607501", 22, "123456", .price(minorUnits: 750)),
        ("2300789904505", 23, "00789", .weight(grams: 450)),
        ("2300789610000", 23, "00789", .weight(grams: 1000)),
        ("2403219019999", 24, "0321", .price(minorUnits: 1999)),
        ("2403211100008", 24, "0321", .price(minorUnits: 10000)),
        ("2500012001500", 25, "00012", .weight(grams: 1500)),
    ])
    func parse_eachLayout_readsItemCodeAndValue(code: String, prefix: Int, item: String, value: EmbeddedBarcode.Value) throws {
        // When
        let parsed = try #require(try Self.settings.parse(code))

        // Then
        #expect(parsed.prefix == prefix)
        #expect(parsed.itemCode == item)
        #expect(parsed.value == value)
        #expect(parsed.code == code)
    }

    // MARK: - Check digits

    @Test(arguments: ["2800123012343", "2100456012990", "2212345607500", "2300789904506", "2403219019998"])
    func parse_wrongEANCheckDigit_throwsWrongCheckDigit(code: String) {
        #expect(throws: EmbeddedBarcodeError(.wrongCheckDigit, detail: code)) { try Self.settings.parse(code) }
    }

    @Test(arguments: [
        "2300789810004",  // 4-digit value 1000 carries verifier 6, not 8 (EAN-13 check digit right)
        "2403212100007",  // 5-digit value 10000 carries verifier 1, not 2
    ])
    func parse_wrongPriceVerifierDigit_throwsWrongVerifierDigit(code: String) {
        #expect(throws: EmbeddedBarcodeError(.wrongVerifierDigit, detail: code)) { try Self.settings.parse(code) }
    }

    @Test func parse_layoutWithoutVerifier_takesTheSameDigitAsItemCode() throws {
        // 2300789904505 under 23:IIIIICVVVV has verifier 9; under a 6+4 layout the 9 is part of the item code.
        let plain = try EmbeddedBarcodeSettings(parsing: "23:IIIIIIVVVV:weight")
        let parsed = try #require(try plain.parse("2300789904505"))
        #expect(parsed.itemCode == "007899")
        #expect(parsed.value == .weight(grams: 450))
    }

    @Test func parse_zeroValue_throwsZeroValue() {
        #expect(throws: EmbeddedBarcodeError(.zeroValue, detail: "2800123000004")) {
            try Self.settings.parse("2800123000004")
        }
    }

    // MARK: - Ordinary codes

    @Test(arguments: [
        "4006381333931",  // a GTIN, not restricted circulation
        "2000000000008",  // prefix 20: no layout claims it
        "280012301234",  // 12 digits
        "28001230123420",  // 14 digits
        "28001230123a2",
        "",
    ])
    func parse_notAnEmbeddedCode_isNil(code: String) throws {
        #expect(try Self.settings.parse(code) == nil)
    }

    @Test func parse_noLayouts_everythingIsOrdinary() throws {
        #expect(try EmbeddedBarcodeSettings.none.parse("2800123012342") == nil)
    }

    @Test func parse_surroundingSpaces_areIgnored() throws {
        #expect(try Self.settings.parse("  2800123012342 ")?.value == .weight(grams: 1234))
    }

    // MARK: - Settings

    @Test func settings_description_roundTrips() throws {
        let again = try EmbeddedBarcodeSettings(parsing: Self.settings.description)
        #expect(again == Self.settings)
        #expect(Self.settings.layouts[0].description == "28-29:IIIIIVVVVV:weight")
        #expect(Self.settings.layouts[5].description == "25:IIIIIVVVVV:weight10g")
    }

    @Test func settings_prefixList_claimsEachPrefix() throws {
        let settings = try EmbeddedBarcodeSettings(parsing: "20,23-24:IIIIIVVVVV:price")
        #expect(settings.layouts[0].prefixes == [20, 23, 24])
        #expect(settings.layout(forPrefix: 22) == nil)
        #expect(settings.layouts[0].description == "20,23-24:IIIIIVVVVV:price")
    }

    @Test(arguments: [
        "28:IIIIIVVVV:weight",  // 9 letters
        "28:IIIIIVVVVVV:weight",  // 11 letters
        "28:IIIIVIVVVV:weight",  // item digit after a value digit
        "28:IIIICVVVVVV:weight",  // 11 with verifier
        "28:IIICVVVVVV:price",  // verifier over 6 digits
        "28:IIIIIIICVVV:price",  // verifier over 3 digits (and 11 letters)
        "28:IIIIIIIVVV:stones",  // unknown content
        "28:IIIIIVVVVV:weight0g",
        "19:IIIIIVVVVV:weight",  // prefix outside 20–29
        "28-30:IIIIIVVVVV:weight",
        "29-28:IIIIIVVVVV:weight",
        ":IIIIIVVVVV:weight",
        "28:IIIIIVVVVV",
        "VVVVVVVVVV:28:price",
    ])
    func settings_badEntry_throwsInvalidLayout(text: String) {
        #expect { try EmbeddedBarcodeSettings(parsing: text) } throws: { error in
            (error as? EmbeddedBarcodeError)?.code == .invalidLayout
        }
    }

    @Test func settings_prefixClaimedTwice_throwsOverlapping() {
        #expect(throws: EmbeddedBarcodeError(.overlappingLayouts, detail: "22")) {
            try EmbeddedBarcodeSettings(parsing: "21-22:IIIIIVVVVV:price; 22-23:IIIIIVVVVV:weight")
        }
    }

    @Test func settings_emptyText_isNone() throws {
        #expect(try EmbeddedBarcodeSettings(parsing: " ; \n") == .none)
    }

    @Test func layout_verifierOverFourOrFiveDigitsOnly() throws {
        #expect(throws: EmbeddedBarcodeError.self) {
            try EmbeddedBarcodeLayout(prefixes: [21], itemDigits: 3, hasVerifierDigit: true, valueDigits: 6, content: .price)
        }
        let four = try EmbeddedBarcodeLayout(prefixes: [21], itemDigits: 5, hasVerifierDigit: true, valueDigits: 4, content: .price)
        #expect(four.pattern == "IIIIICVVVV")
    }

    // MARK: - Catalog mapping and pricing

    @Test func resolve_triesItemCodeThenWithoutZerosThenWithPrefix() async throws {
        let parsed = try #require(try Self.settings.parse("2800123012342"))
        #expect(parsed.lookupKeys == ["00123", "123", "2800123"])

        var asked: [String] = []
        let found = await parsed.resolve { key -> String? in
            asked.append(key)
            return key == "123" ? "Emmental" : nil
        }
        #expect(found == "Emmental")
        #expect(asked == ["00123", "123"])
    }

    @Test func resolve_unknownPLU_isNil() async throws {
        let parsed = try #require(try Self.settings.parse("2212345607501"))
        #expect(parsed.lookupKeys == ["123456", "22123456"])
        let found: String? = await parsed.resolve { _ in nil }
        #expect(found == nil)
    }

    @Test func priced_weightLabel_isWeightTimesPricePerKilogram() throws {
        let parsed = try #require(try Self.settings.parse("2800123012342"))
        let line = parsed.priced(unitPrice: Money(minorUnits: 1299, currency: .eur))
        guard case .weighed(let weighed) = line else { Issue.record("expected a weighed line"); return }
        // 1.234 kg × 12.99 EUR/kg = 16.02966 → 16.03 EUR.
        #expect(weighed.price == Money(minorUnits: 1603, currency: .eur))
        #expect(weighed.description == "1.234 kg x 12.99 EUR/kg = 16.03 EUR")
    }

    @Test func priced_priceLabel_isThePrintedPrice() throws {
        let parsed = try #require(try Self.settings.parse("2100456012997"))
        let line = parsed.priced(unitPrice: Money(minorUnits: 2490, currency: .eur))
        #expect(line == .labelled(Money(minorUnits: 1299, currency: .eur)))
        #expect(line.price == Money(minorUnits: 1299, currency: .eur))
    }
}

extension EmbeddedBarcodeTests {
    @Test func settings_codable_storesTheWrittenForm() throws {
        let data = try JSONEncoder().encode(["layouts": Self.settings])
        let decoded = try JSONDecoder().decode([String: EmbeddedBarcodeSettings].self, from: data)
        #expect(decoded["layouts"] == Self.settings)
        #expect(String(decoding: data, as: UTF8.self).contains("28-29:IIIIIVVVVV:weight; 21:IIIIIVVVVV:price"))
    }

    @Test func settings_codable_badStoredText_throws() {
        let data = Data(#"{"layouts":"28:IIII:weight"}"#.utf8)
        #expect(throws: EmbeddedBarcodeError.self) {
            try JSONDecoder().decode([String: EmbeddedBarcodeSettings].self, from: data)
        }
    }
}
