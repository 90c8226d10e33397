import ArgumentParser

/// `pos-bench`: performance measurements on generated data, in an executable of its own so that `pos` (what every
/// counter runs) links none of it. With no subcommand it runs the whole suite (`pos-bench all`).
@main
struct PosBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pos-bench",
        abstract: "Measure pos's performance on generated data (the whole suite by default).",
        subcommands: [
            BenchAllCommand.self,
            BenchCatalogCommand.self,
            BenchCounterCommand.self,
            BenchCounterSyncCommand.self,
            BenchSyncCommand.self,
            BenchHTTPClientCommand.self,
            BenchDecodeCommand.self,
            BenchScanCommand.self,
            BenchZVTCommand.self,
        ],
        defaultSubcommand: BenchAllCommand.self
    )
}
