import ArgumentParser
import Foundation
import Localization

/// swift-argument-parser's own words in the command line's language.
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
        "cli.parser.values", "cli.parser.valuesDefault", "cli.parser.defaultAsFlag", "cli.parser.valuesDefaultAsFlag",
        "cli.parser.helpAbstract", "cli.parser.unspecifiedVersion",
    ]

    /// The parser's error messages (its `ErrorMessageGenerator`, every kind of `ParserError` it can report), by
    /// catalog key: the English text is the parser's message to the byte with each value as `{name}`, the German one
    /// its translation. Each is matched as a whole line's end (the first that fits wins, so the longer forms of a
    /// message come before the shorter ones).
    static let messages = [
        "cli.parser.msg.unknownOptionDidYouMean", "cli.parser.msg.unknownOption",
        "cli.parser.msg.missingValueInComposite", "cli.parser.msg.missingValue",
        "cli.parser.msg.unexpectedValue", "cli.parser.msg.unexpectedArgument", "cli.parser.msg.unexpectedArguments",
        "cli.parser.msg.duplicateValue", "cli.parser.msg.missingExpectedArgument", "cli.parser.msg.missingOneOf",
        "cli.parser.msg.invalidValueOneOf", "cli.parser.msg.invalidValueFollowing", "cli.parser.msg.invalidValueReason",
        "cli.parser.msg.invalidValue", "cli.parser.msg.invalidBareOneOf", "cli.parser.msg.invalidBareFollowing",
        "cli.parser.msg.invalidBareReason", "cli.parser.msg.invalidBare", "cli.parser.msg.invalidOption",
        "cli.parser.msg.missingSubcommand", "cli.parser.msg.notParent", "cli.parser.msg.notImplemented",
        "cli.parser.msg.invalidState", "cli.parser.msg.noShell", "cli.parser.msg.unsupportedShell",
        "cli.parser.msg.useShell", "cli.parser.msg.noValueForVariable",
    ]

    /// `text` with each of the parser's error messages (`messages`) in `strings`' language; its values (option
    /// names, what was typed) kept as they are, and a list of allowed values ("'a', 'b' or 'c'") joined with the
    /// language's words.
    static func localizeMessages(_ text: String, into strings: Strings) -> String {
        let english = Strings.of(.english)
        var lines = text.components(separatedBy: "\n")
        for index in lines.indices {
            for key in messages {
                guard let (start, values) = match(lines[index], english.tr(key)) else { continue }
                var pairs = values
                if let list = pairs.firstIndex(where: { $0.0 == "values" }) {
                    pairs[list].1 = pairs[list].1
                        .replacingOccurrences(of: "' and '", with: "' " + strings.tr("cli.parser.and") + " '")
                        .replacingOccurrences(of: "' or '", with: "' " + strings.tr("cli.parser.or") + " '")
                }
                var translated = strings.tr(key)
                for (name, value) in pairs { translated = translated.replacingOccurrences(of: "{\(name)}", with: value) }
                lines[index] = String(lines[index][..<start]) + translated
                break
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Where `template` ("Unknown option '{option}'") matches the end of `line`, and the values of its `{names}`.
    static func match(_ line: String, _ template: String) -> (String.Index, [(String, String)])? {
        var pattern = "", names: [String] = []
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            pattern += NSRegularExpression.escapedPattern(for: String(rest[..<open])) + "(.+?)"
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        pattern += NSRegularExpression.escapedPattern(for: String(rest)) + "$"
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let found = regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)),
              let whole = Range(found.range, in: line) else { return nil }
        let values = names.enumerated().compactMap { index, name in
            Range(found.range(at: index + 1), in: line).map { (name, String(line[$0])) }
        }
        return (whole.lowerBound, values)
    }

    /// `text` with the parser's English phrases in the command line's language; unchanged in English.
    static func localize(_ text: String, into strings: Strings = L10n.screen) -> String {
        guard strings.language != .english else { return text }
        let english = Strings.of(.english)
        var result = localizeMessages(text, into: strings)
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
    /// standard error, the same exit code), with the parser's words in the command line's language, and a usage
    /// error's line followed by the hint of `optionsBeforeCommandHint` where it applies.
    static func exitLocalized(_ error: any Error) -> Never {
        let code = exitCode(for: error)
        var text = HelpText.localize(fullMessage(for: error))
        if code == .validationFailure, let hint = optionsBeforeCommandHint(Array(CommandLine.arguments.dropFirst())) {
            var lines = text.components(separatedBy: "\n")
            lines.insert(hint, at: min(1, lines.count))
            text = lines.joined(separator: "\n")
        }
        if !text.isEmpty {
            let handle = code == .success ? FileHandle.standardOutput : FileHandle.standardError
            handle.write(Data((text + "\n").utf8))
        }
        Foundation.exit(code.rawValue)
    }

    /// `pos --data-dir X status`: an option before a command's name makes the parser read it as the default
    /// command's (`pos run`), and the name as an unexpected argument. The hint shows the same words in the order the
    /// parser takes: the command's name first, the options after it (`pos status --data-dir X`).
    static func optionsBeforeCommandHint(_ arguments: [String]) -> String? {
        guard let first = arguments.first, first.hasPrefix("-") else { return nil }
        let names = Set(configuration.subcommands.map { $0._commandName })
        guard let name = arguments.firstIndex(where: names.contains),
              !arguments[..<name].contains("--") else { return nil }
        let reordered = ["pos"] + arguments[name...] + arguments[..<name]
        return L10n.tr("cli.parser.optionsBeforeCommand", ["command": reordered.map(shellWord).joined(separator: " ")])
    }

    /// `word` as a shell reads it back: as it is when it holds only safe characters, else in single quotes.
    private static func shellWord(_ word: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=,+@%")
        guard word.isEmpty || !word.allSatisfy(safe.contains) else { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
