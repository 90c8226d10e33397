import ArgumentParser
import Foundation

/// `pos` with no subcommand: opens the counter on the configured store, or on the embedded demo store.
///
/// The full-screen counter is built by a later issue; until then this opens (seeding if needed) the store and
/// shows its status, so that the README's first command runs pos on its embedded default.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Open the counter (the demo store when nothing is configured)."
    )

    @OptionGroup var data: DataDirectoryOptions

    @Flag(help: "Print the status as JSON.")
    var json = false

    func run() async throws {
        let directory = try data.resolve()
        let status = try await StatusCommand.load(directory: directory, openDemo: true)
        try StatusCommand.print(status, directory: directory, json: json)
    }
}
