import ArgumentParser

/// `pos bench …`: performance measurements (commands, not timed tests).
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure performance on generated data.",
        subcommands: [
            BenchAllCommand.self,
            BenchCatalogCommand.self,
            BenchCounterCommand.self,
            BenchSyncCommand.self,
            BenchHTTPClientCommand.self,
            BenchZVTCommand.self,
        ],
        defaultSubcommand: BenchAllCommand.self
    )
}
