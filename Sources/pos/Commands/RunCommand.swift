import ArgumentParser
import Foundation
import Localization

/// `pos` with no subcommand: opens the counter on the configured store, or on the embedded demo store.
///
/// On a terminal it opens the full-screen counter; when stdout is not a terminal (scripts, tests) it opens
/// (seeding if needed) the store and prints its status instead.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: L10n.tr("cli.run.abstract")
    )

    @OptionGroup var data: DataDirectoryOptions
    @OptionGroup var scanner: ScannerOptions

    @Flag(help: .tr("cli.run.json.help"))
    var json = false

    func run() async throws {
        let directory = try data.resolve()
        if !json && isatty(STDOUT_FILENO) == 1 && isatty(STDIN_FILENO) == 1 {
            try await CounterCommand.open(directory: directory, scanner: scanner)
            return
        }
        let status = try await StatusCommand.load(directory: directory, openDemo: true)
        try StatusCommand.print(status, directory: directory, json: json)
    }
}
