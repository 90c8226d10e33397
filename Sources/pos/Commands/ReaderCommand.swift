import ArgumentParser
import Localization

/// `pos reader`: card terminals from the command line (list, status, pay, refund, reverse, end of day).
struct ReaderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reader",
        abstract: L10n.tr("cli.reader.abstract"),
        discussion: L10n.tr("cli.reader.discussion"),
        subcommands: [
            ReaderListCommand.self, ReaderStatusCommand.self, ReaderPayCommand.self, ReaderRefundCommand.self,
            ReaderReverseCommand.self, ReaderEndOfDayCommand.self, ReaderInstallUdevRulesCommand.self,
            ReaderResolveCommand.self, ReaderWatchCommand.self,
        ]
    )
}

