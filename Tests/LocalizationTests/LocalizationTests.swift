import Foundation
import Synchronization
import Testing
@testable import Localization

/// The string catalog: the bundled tables, the plural rule, the language choice, and what a lookup costs.
struct LocalizationTests {
    @Test func catalog_bothLanguages_loadFromTheResourceBundle() {
        // Given / When
        let english = Strings.of(.english), german = Strings.of(.german)
        // Then
        #expect(english.tr("pay.title") == "Pay cash")
        #expect(german.tr("pay.title") == "Bar bezahlen")
        #expect(english.has("pay.title") && german.has("pay.title"))
        #expect(Set(english.keys) == Set(german.keys), "every English key has a German text and back")
    }

    @Test func stringsFileParser_bundledTables_readAsPropertyListSerializationReadsThem() throws {
        for language in Language.allCases {
            // Given the bundled file
            let url = try #require(Catalog.bundleCandidates().lazy.compactMap { Bundle(url: $0) }.compactMap {
                $0.url(forResource: "Localizable", withExtension: "strings", subdirectory: nil, localization: language.rawValue)
            }.first)
            let data = try Data(contentsOf: url)
            // When
            let fast = StringsFileParser.parse(Array(data))
            let foundation = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String]
            // Then
            #expect(fast != nil && fast == foundation, "\(language)")
        }
        #expect(StringsFileParser.parse(Array("/* c */ \"a\" = \"x \\\"y\\\" \\\\ z\"; // d\n\"b\"=\"\";".utf8)) == ["a": "x \"y\" \\ z", "b": ""])
        #expect(StringsFileParser.parse(Array("\"a\" = \"unterminated;".utf8)) == nil)
        #expect(StringsFileParser.parse(Array("\"a\" \"b\";".utf8)) == nil)
    }

    @Test func plural_englishAndGerman_followCLDR() {
        // Given
        let english = Strings.of(.english), german = Strings.of(.german)
        // Then: "one" is the integer 1 only; 0 and 2 are "other", in both languages.
        #expect(english.plural("common.items", count: 1) == "1 item")
        #expect(english.plural("common.items", count: 2) == "2 items")
        #expect(english.plural("common.items", count: 0) == "0 items")
        #expect(german.plural("common.items", count: 1) == "1 Artikel")
        #expect(german.plural("common.items", count: 2) == "2 Artikel")
        #expect(german.plural("shell.quit.question", count: 1) == "Mit 1 Artikel im Warenkorb beenden?")
        #expect(german.plural("shell.quit.question", count: 3) == "Mit 3 Artikeln im Warenkorb beenden?")
        #expect(PluralCategory(1, language: .german) == .one)
        #expect(PluralCategory(-1, language: .english) == .other)
    }

    @Test func tr_withArguments_fillsNamedPlaceholders() {
        #expect(Strings.of(.german).tr("pay.short", ["amount": "1,00 €"]) == "Es fehlen 1,00 €")
        #expect(Strings.fill("{a} and {b} and {c}", [("a", "1"), ("b", "2")]) == "1 and 2 and {c}")
        #expect(Strings.fill("no braces", [("a", "1")]) == "no braces")
        #expect(Strings.fill("open { only", [("a", "1")]) == "open { only")
    }

    @Test func tr_unknownKey_fallsBackToEnglishThenTheKey() {
        // Given: German without a key falls back to English, and a key nobody has is shown as itself.
        let german = Strings(language: .german, table: [:], fallback: ["x.y": "English"])
        // Then
        #expect(german.tr("x.y") == "English")
        #expect(german.tr("no.such.key") == "no.such.key")
    }

    @Test func language_fromEnvironment_followsPOSIXOrder() {
        #expect(Language.fromEnvironment(["LANG": "de_DE.UTF-8"]) == .german)
        #expect(Language.fromEnvironment(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "en_GB.UTF-8"]) == .english)
        #expect(Language.fromEnvironment(["LANG": "en_US.UTF-8", "LC_ALL": "de_AT.UTF-8"]) == .german)
        #expect(Language.fromEnvironment(["LANG": "C.UTF-8"]) == nil, "C names no language: the store's applies")
        #expect(Language.fromEnvironment(["LANG": "fr_FR.UTF-8"]) == .english, "a language pos lacks: English")
        #expect(Language.fromEnvironment([:]) == nil)
        #expect(Language(localeIdentifier: "de_DE_formal") == .german)
        #expect(Language(localeIdentifier: "en_US") == .english)
    }

    @Test func language_resolve_settingThenEnvironmentThenStore() {
        let german = ["LANG": "de_DE.UTF-8"], neutral = ["LANG": "C.UTF-8"]
        #expect(Language.resolve(setting: .english, environment: german, store: .german) == .english)
        #expect(Language.resolve(setting: nil, environment: german, store: .english) == .german)
        #expect(Language.resolve(setting: nil, environment: neutral, store: .german) == .german)
        #expect(Language.resolve(setting: nil, environment: neutral, store: nil) == .english)
    }

    @Test func screenLanguage_forThisTask_changesWhatL10nSaysHereOnly() async {
        // Given / When: German for this task only (the process's choice stays English for the tests beside it)
        L10n.withLanguage(.german) {
            // Then
            #expect(L10n.tr("keys.quit") == "Beenden")
            #expect(L10n.plural("common.items", count: 2) == "2 Artikel")
        }
        #expect(L10n.tr("keys.quit") == "Quit")
    }

    /// The counter redraws often: a lookup is dictionary reads on tables loaded once, never a bundle or file read.
    /// What is checked is that no lookup reads a table (counted), not a time: the whole suite runs on two cores at
    /// once and a wall-clock bound would measure that queue. The figures are printed for docs/performance.md.
    @Test func lookup_cost_isADictionaryRead() {
        // Given
        let german = Strings.of(.german)
        let iterations = 200_000
        let loadsBefore = Catalog.loads.withLock { $0 }
        var sink = 0
        let clock = ContinuousClock()
        // When
        let plain = clock.measure {
            for _ in 0..<iterations { sink &+= german.tr("sell.key.card").utf8.count }
        }
        let filled = clock.measure {
            for index in 0..<iterations { sink &+= german.tr("pay.short", ["amount": "\(index)"]).utf8.count }
        }
        let plural = clock.measure {
            for index in 0..<iterations { sink &+= german.plural("common.items", count: index & 3).utf8.count }
        }
        let screen = clock.measure {
            for _ in 0..<iterations { sink &+= L10n.tr("sell.key.card").utf8.count }
        }
        let loadsDuringLookups = Catalog.loads.withLock { $0 } - loadsBefore
        let load = clock.measure { _ = Catalog.load(.german) }
        // Then
        func nanoseconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
        }
        let perLookup = [plain, filled, plural, screen].map { nanoseconds($0) / Double(iterations) }
        print("lookup cost (ns): tr \(Int(perLookup[0])), tr with argument \(Int(perLookup[1])), plural \(Int(perLookup[2])), "
              + "L10n.tr \(Int(perLookup[3])); loading the German table once: \(Int(nanoseconds(load) / 1000)) µs; \(sink > 0)")
        #expect(loadsDuringLookups == 0, "800,000 lookups read \(loadsDuringLookups) tables from disk")
    }
}
