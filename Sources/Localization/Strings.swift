import Foundation
import Synchronization

/// One language's texts: a dictionary loaded once from `<lang>.lproj/Localizable.strings`, English behind it for a
/// key the language lacks (the catalog check fails the build for that, see scripts/check-strings.sh), and the key
/// itself behind that. A lookup is one or two dictionary reads and, with arguments, one pass over the text.
public struct Strings: Sendable {
    /// The language of the texts.
    public let language: Language
    let table: [String: String]
    let fallback: [String: String]

    init(language: Language, table: [String: String], fallback: [String: String]) {
        self.language = language
        self.table = table
        self.fallback = fallback
    }

    /// The texts of `language`, loaded from the bundle the first time and kept for the life of the process.
    public static func of(_ language: Language) -> Strings {
        switch language {
        case .english: Catalog.english
        case .german: Catalog.german
        }
    }

    /// The text under `key`, with each `{name}` replaced by `arguments[name]`.
    public func tr(_ key: String, _ arguments: KeyValuePairs<String, String> = [:]) -> String {
        let text = table[key] ?? fallback[key] ?? key
        return arguments.isEmpty ? text : Self.fill(text, arguments)
    }

    /// The plural text under `key.one` or `key.other` (CLDR's category of `count` in this language), with `{count}`
    /// replaced by the number and each `{name}` by `arguments[name]`: "1 item", "2 items"; "1 Artikel", "2 Artikel".
    public func plural(_ key: String, count: Int, _ arguments: KeyValuePairs<String, String> = [:]) -> String {
        let category = PluralCategory(count, language: language)
        let full = key + "." + category.rawValue
        let text = table[full] ?? fallback[full] ?? full
        var pairs: [(String, String)] = [("count", String(count))]
        pairs += arguments.map { ($0.key, $0.value) }
        return Self.fill(text, pairs)
    }

    /// Whether the language's own table holds `key` (not through the English fallback).
    public func has(_ key: String) -> Bool { table[key] != nil }

    /// Every key of the language's own table.
    public var keys: Dictionary<String, String>.Keys { table.keys }

    static func fill(_ text: String, _ arguments: KeyValuePairs<String, String>) -> String {
        fill(text, arguments.map { ($0.key, $0.value) })
    }

    static func fill(_ text: String, _ arguments: [(String, String)]) -> String {
        let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
        guard text.utf8.contains(openBrace) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        var rest = text[...]
        // UTF-8 positions, not Characters: the braces are ASCII, so this is a byte scan.
        while let open = rest.utf8.firstIndex(of: openBrace) {
            result += rest[..<open]
            let afterOpen = rest.utf8.index(after: open)
            guard let close = rest.utf8[afterOpen...].firstIndex(of: closeBrace) else {
                result += rest[open...]
                return result
            }
            let name = rest[afterOpen..<close]
            if let value = arguments.first(where: { $0.0 == name })?.1 {
                result += value
            } else {
                result += rest[open...close]
            }
            rest = rest[rest.utf8.index(after: close)...]
        }
        result += rest
        return result
    }
}

/// The catalog: the bundled `Localizable.strings` of each language, read once.
enum Catalog {
    static let english = Strings(language: .english, table: load(.english), fallback: [:])
    static let german = Strings(language: .german, table: load(.german), fallback: english.table)

    /// The bundle folder SwiftPM gives this target's resources.
    static let bundleName = "pos_Localization.resources"

    /// How many tables were read from disk in this process (a lookup never reads one: the tests check it).
    static let loads = Mutex(0)

    /// The language's table, from the first resource bundle found (see `bundleCandidates`); empty when none is.
    @inline(never)
    static func load(_ language: Language) -> [String: String] {
        loads.withLock { $0 += 1 }
        for directory in bundleCandidates() {
            guard let bundle = Bundle(url: directory),
                  let url = bundle.url(forResource: "Localizable", withExtension: "strings", subdirectory: nil,
                                       localization: language.rawValue),
                  let data = try? Data(contentsOf: url),
                  let table = StringsFileParser.parse(Array(data))
                      ?? (try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String])
            else { continue }
            return table
        }
        return [:]
    }

    /// Where the resource bundle may be, in order, without SwiftPM's generated `Bundle.module`, which traps when its
    /// bundle is missing (an installed binary must never do that): `$POS_LOCALIZATION_DIR`, the bundle beside the
    /// executable (what `swift build` produces and an install copies, as `pos_ReceiptTemplates.resources`),
    /// `<prefix>/share/pos/Localization` for a binary in `<prefix>/bin`, `Bundle.module`'s own places, and the
    /// source tree this file was built from.
    static func bundleCandidates(environment: [String: String] = ProcessInfo.processInfo.environment) -> [URL] {
        var result: [URL] = []
        if let override = environment["POS_LOCALIZATION_DIR"], !override.isEmpty {
            result.append(URL(fileURLWithPath: override, isDirectory: true))
        }
        var directories = [Bundle.main.bundleURL]
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent() {
            directories.append(executable)
        }
        for directory in directories {
            result.append(directory.appendingPathComponent(bundleName, isDirectory: true))
            result.append(directory.deletingLastPathComponent().appendingPathComponent("share/pos/Localization", isDirectory: true))
        }
        for bundle in Bundle.allBundles {
            result.append(bundle.bundleURL.appendingPathComponent(bundleName, isDirectory: true))
        }
        result.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Resources", isDirectory: true))
        return result
    }
}

/// The language of the screen (the counter and the command line), chosen once at start by `pos` from the counter's
/// setting, the environment and the store (`Language.resolve`), and English until then (tests draw in English
/// unless they choose). Receipts do not use it: they speak the store's language (`Strings.of(store language)`).
public enum L10n {
    private static let current = Mutex<Strings>(Catalog.english)

    /// A language for the current task only (tests draw German screens beside English ones in one process).
    @TaskLocal static var taskLanguage: Strings?

    /// The screen's texts.
    /// (Never inlined, like every lock in pos: see `Mutex.locked` in POSFoundation, which this module cannot import.)
    public static var screen: Strings {
        @inline(never) get { taskLanguage ?? current.withLock { $0 } }
    }

    /// Runs `body` with the screen in `language` for this task (and its child tasks) only; the process's choice is
    /// left alone. For tests.
    public static func withLanguage<T>(_ language: Language, _ body: () throws -> T) rethrows -> T {
        try $taskLanguage.withValue(Strings.of(language), operation: body)
    }

    /// Chooses the screen's language.
    @inline(never)
    public static func setScreenLanguage(_ language: Language) {
        let strings = Strings.of(language)
        current.withLock { $0 = strings }
    }

    /// The text under `key` in the screen's language (see `Strings.tr`).
    public static func tr(_ key: String, _ arguments: KeyValuePairs<String, String> = [:]) -> String {
        screen.tr(key, arguments)
    }

    /// The plural text under `key` in the screen's language (see `Strings.plural`).
    public static func plural(_ key: String, count: Int, _ arguments: KeyValuePairs<String, String> = [:]) -> String {
        screen.plural(key, count: count, arguments)
    }
}
