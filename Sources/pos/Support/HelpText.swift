import ArgumentParser
import Foundation
import Localization

/// swift-argument-parser's own words in the command line's language (issue 21).
///
/// The parser's help is static text: its headings ("USAGE:", "OPTIONS:"), the `--help`/`--version` lines and its
/// error prefixes are English literals inside the library. Our texts (every command's abstract and discussion) are
/// looked up from the catalog when the command line is parsed, after `main` chose the language; what the parser
/// adds is replaced here, phrase by phrase, from the catalog's `cli.parser.*` pairs (the English text is the
/// parser's exact phrase, the German one its translation). Each option's and argument's help comes from the
/// catalog too (`ArgumentHelp.tr`).
enum HelpText {
    /// The parser's phrases, by catalog key.
    static let phrases = [
        "cli.parser.overview", "cli.parser.usageHeading", "cli.parser.arguments", "cli.parser.options",
        "cli.parser.subcommands", "cli.parser.see", "cli.parser.seeHelp", "cli.parser.moreInformation",
        "cli.parser.subcommandPlaceholder", "cli.parser.showHelp", "cli.parser.showVersion",
        "cli.parser.default", "cli.parser.defaultSubcommand", "cli.parser.error", "cli.parser.usage", "cli.parser.help",
        "cli.parser.missingArgument", "cli.parser.unknownOption", "cli.parser.unexpectedArgument", "cli.parser.didYouMean",
        "cli.parser.values", "cli.parser.valuesDefault",
    ]

    /// `text` with the parser's English phrases in the command line's language; unchanged in English.
    static func localize(_ text: String, into strings: Strings = L10n.screen) -> String {
        guard strings.language != .english else { return text }
        let english = Strings.of(.english)
        var result = text
        for key in phrases {
            result = replacingKeepingColumns(result, english.tr(key), with: strings.tr(key))
        }
        // The usage lines hang under "USAGE: "; keep them under the translated heading.
        let heading = strings.tr("cli.parser.usageHeading"), englishHeading = english.tr("cli.parser.usageHeading")
        let shift = heading.count - englishHeading.count
        guard shift > 0 else { return result }
        var lines = result.components(separatedBy: "\n")
        var inUsage = false
        for index in lines.indices {
            if lines[index].hasPrefix(heading) { inUsage = true; continue }
            if inUsage, lines[index].hasPrefix(String(repeating: " ", count: englishHeading.count)) {
                lines[index] = String(repeating: " ", count: shift) + lines[index]
            } else {
                inUsage = false
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension ArgumentHelp {
    /// An option's or argument's help from the catalog: `@Option(help: .tr("cli.receipt.show.width.help"))`. The
    /// parser builds a command's arguments (and so calls this) when it parses or prints help, after `main` chose the
    /// language.
    static func tr(_ key: String) -> ArgumentHelp {
        ArgumentHelp(L10n.tr(key))
    }
}

extension HelpText {
    /// `text` with every `phrase` replaced by `replacement`; where the phrase stands before a run of spaces (a column
    /// of the help), a longer replacement takes its extra width from those spaces, so the next column stays put.
    static func replacingKeepingColumns(_ text: String, _ phrase: String, with replacement: String) -> String {
        guard !phrase.isEmpty, text.contains(phrase) else { return text }
        let extra = replacement.count - phrase.count
        var result = ""
        var rest = text[...]
        while let range = rest.range(of: phrase) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
            if extra > 0 {
                let spaces = rest.prefix { $0 == " " }.count
                if spaces > 1 { rest = rest.dropFirst(min(extra, spaces - 1)) }
            }
        }
        return result + rest
    }
}

extension POSCommand {
    /// Exits as swift-argument-parser's `exit(withError:)` does (help and clean exits on standard output, errors on
    /// standard error, the same exit code), with the parser's words in the command line's language.
    static func exitLocalized(_ error: any Error) -> Never {
        guard L10n.screen.language != .english else { exit(withError: error) }
        let code = exitCode(for: error)
        let text = HelpText.localize(fullMessage(for: error))
        if !text.isEmpty {
            let handle = code == .success ? FileHandle.standardOutput : FileHandle.standardError
            handle.write(Data((text + "\n").utf8))
        }
        Foundation.exit(code.rawValue)
    }
}
