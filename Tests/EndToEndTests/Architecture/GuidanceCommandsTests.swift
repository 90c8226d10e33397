import Foundation
import Testing

/// Guidance that is true: every `pos …` command a message, a hint, the README or a page of docs/
/// names exists. The command tree comes from the built `pos` itself (`--experimental-dump-help`); a mention is read
/// from "pos" up to the first word that is not a command name. A mention whose first word is no command is prose
/// ("pos keeps its database…") and is skipped; one that names a command group must go on with one of its commands.
struct GuidanceCommandsTests {
    private struct Command: Decodable {
        var commandName: String
        var subcommands: [Command]?

        func child(_ name: String) -> Command? { subcommands?.first { $0.commandName == name } }
    }

    private struct Dump: Decodable {
        var command: Command
    }

    @Test func everyCommandNamedInStringsAndDocs_exists() async throws {
        // Given the command tree and every text a person reads
        let outcome = try await PosProcess.run(["--experimental-dump-help"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let root = try JSONDecoder().decode(Dump.self, from: Data(outcome.stdout.utf8)).command
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let docs = try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        let files = ["README.md", "Sources/Localization/Resources/en.lproj/Localizable.strings",
                     "Sources/Localization/Resources/de.lproj/Localizable.strings"] + docs
        let mention = try Regex(#"(?:^|[^\w/.\-])pos ((?:[a-z][a-z0-9-]*)(?: [a-z][a-z0-9-]*)*)"#)
        // When each mention is walked down the tree
        var wrong: [String] = []
        var checked = 0
        for file in files {
            let text = try String(contentsOf: repository.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                // (A comment in the string tables is for translators, not a person at the till.)
                if line.hasPrefix("/*") { continue }
                for match in line.matches(of: mention) {
                    let words = (match.output[1].substring ?? "").split(separator: " ").map(String.init)
                    guard let first = words.first, var command = root.child(first) else { continue }
                    checked += 1
                    for word in words.dropFirst() {
                        guard let next = command.child(word) else {
                            // A group followed by a word that is none of its commands: "pos reader connect".
                            if command.subcommands?.isEmpty == false {
                                wrong.append("\(file):\(number + 1): \(match.output[0].substring ?? "")")
                            }
                            break
                        }
                        command = next
                    }
                }
            }
        }
        // Then each names a command that runs
        #expect(checked > 100, "only \(checked) mentions found: the pattern no longer matches")
        #expect(wrong.isEmpty, "commands that do not exist:\n\(wrong.joined(separator: "\n"))")
    }
}
