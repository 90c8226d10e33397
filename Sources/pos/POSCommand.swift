import ArgumentParser

/// `pos`: the point-of-sale app. With no subcommand it opens the counter (for now: the embedded demo store).
@main
struct POSCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pos",
        abstract: "A point-of-sale counter for a WooCommerce store.",
        discussion: """
            With nothing configured, pos opens a demo store. `pos login` connects it to a real store.
            Exit codes: \(ExitStatus.summary)
            """,
        version: "0.1.0",
        subcommands: [
            RunCommand.self,
            CounterCommand.self,
            LoginCommand.self,
            LogoutCommand.self,
            StatusCommand.self,
            CatalogCommand.self,
            SellCommand.self,
            CartCommand.self,
            RefundCommand.self,
            ShiftCommand.self,
            OrdersCommand.self,
            ReaderCommand.self,
            TerminalSimCommand.self,
            ScaleCommand.self,
            ScaleSimCommand.self,
            ReceiptCommand.self,
            PrintersCommand.self,
            PrinterCommand.self,
            SyncCommand.self,
            BenchCommand.self,
        ],
        defaultSubcommand: RunCommand.self
    )
}
