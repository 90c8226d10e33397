/// A language pos speaks: English (the default and the fallback) and German.
public enum Language: String, CaseIterable, Sendable, Codable {
    case english = "en"
    case german = "de"

    /// The language of a POSIX locale name ("de_DE.UTF-8", "de_AT", "de"), a BCP 47 tag ("de-DE") or WordPress's
    /// site language ("de_DE", "de_DE_formal", "en_US"); nil for one pos does not speak and for "C" and "POSIX",
    /// which name no language.
    public init?(localeIdentifier: String) {
        let code = localeIdentifier.prefix { $0.isLetter }.lowercased()
        guard !code.isEmpty, code != "c", code != "posix" else { return nil }
        self.init(rawValue: code)
    }

    /// The language the process environment asks for, in POSIX order: `LC_ALL`, then `LC_MESSAGES`, then `LANG`.
    /// The first one set decides ("C" there means "no preference", so the store's language applies); a language
    /// pos does not speak gives English, as `gettext` falls back to the original texts.
    public static func fromEnvironment(_ environment: [String: String]) -> Language? {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            let code = value.prefix { $0.isLetter }.lowercased()
            if code == "c" || code == "posix" { return nil }
            return Language(rawValue: code) ?? .english
        }
        return nil
    }

    /// The screen's language: the counter's own setting first, then the environment (`LC_ALL`, `LC_MESSAGES`,
    /// `LANG`), then the store's site language, then English.
    public static func resolve(setting: Language?, environment: [String: String], store: Language?) -> Language {
        setting ?? fromEnvironment(environment) ?? store ?? .english
    }
}

/// CLDR's plural categories that English and German use.
public enum PluralCategory: String, Sendable {
    case one, other

    /// CLDR's cardinal rule for `language`: for both English and German, "one" is the integer 1 (i = 1 and v = 0),
    /// everything else (0, 2, 1.5, -1) is "other".
    public init(_ count: Int, language: Language) {
        switch language {
        case .english, .german: self = count == 1 ? .one : .other
        }
    }
}
