import Foundation
import Localization

/// The command line's language, chosen before the arguments are parsed (so the parser's help and errors speak it
/// too), as the counter chooses its own: the register's `language` setting (`pos settings set language de`), else
/// LC_ALL/LC_MESSAGES/LANG, else English. The setting is read from the data directory's `app-settings.json`
/// (`--data-dir` when the arguments give one, else the default place), without opening the database; a missing or
/// unreadable file is no setting.
enum CommandLineLanguage {
    static func resolve(arguments: [String], environment: [String: String]) -> Language {
        Language.resolve(setting: setting(in: dataDirectory(arguments: arguments, environment: environment)),
                         environment: environment, store: nil)
    }

    /// The data directory the arguments name (as `DataDirectoryOptions.resolve` finds it), not created.
    static func dataDirectory(arguments: [String], environment: [String: String]) -> URL {
        var given: String?
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { break }
            if argument == "--data-dir", index + 1 < arguments.count { given = arguments[index + 1] }
            if argument.hasPrefix("--data-dir=") { given = String(argument.dropFirst("--data-dir=".count)) }
        }
        if let given { return URL(fileURLWithPath: given, isDirectory: true) }
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("pos", isDirectory: true)
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share/pos", isDirectory: true)
    }

    /// The saved `language` setting in `directory`, if any.
    static func setting(in directory: URL) -> Language? {
        guard let data = try? Data(contentsOf: directory.appendingPathComponent("app-settings.json")),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let code = object["language"] as? String else { return nil }
        return Language(rawValue: code) ?? Language(localeIdentifier: code)
    }
}
