import ArgumentParser
import Foundation
import Localization
import POSFoundation
import Storage

/// `pos`: the point-of-sale app. With no subcommand it opens the counter (for now: the embedded demo store).
@main
struct POSCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pos",
        // Read when the command line is parsed, after `main` chose the language: swift-argument-parser's texts are
        // static, so they are looked up from the catalog once, at start.
        abstract: L10n.tr("cli.pos.abstract"),
        discussion: L10n.tr("cli.pos.discussion") + "\n" + L10n.tr("cli.pos.exitCodes", ["codes": ExitStatus.summary]),
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
            DrawerCommand.self,
            CustomersCommand.self,
            FiscalCommand.self,
            RegisterCommand.self,
            CashierCommand.self,
            ReportCommand.self,
            OrdersCommand.self,
            ReaderCommand.self,
            TerminalSimCommand.self,
            ScaleCommand.self,
            ScaleSimCommand.self,
            DisplayCommand.self,
            SettingsCommand.self,
            ReceiptCommand.self,
            PrintersCommand.self,
            PrinterCommand.self,
            SyncCommand.self,
        ],
        defaultSubcommand: RunCommand.self
    )

    /// Runs the command; a storage or file-system error no command caught still reaches the person as a
    /// sentence with the path and the next step, and exit 9 (never Foundation's `Error Domain=…` text).
    static func main() async {
        // The command line speaks the register's language setting, else what LC_ALL, LC_MESSAGES or LANG ask for
        // (English otherwise); the counter refines this with the store's site language once it has it.
        L10n.setScreenLanguage(CommandLineLanguage.resolve(arguments: Array(CommandLine.arguments.dropFirst()),
                                                           environment: ProcessInfo.processInfo.environment))
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let error as StorageError {
            Console.error(error)
            Foundation.exit(ExitStatus.storageFailure.rawValue)
        } catch let error as CocoaError {
            Console.error(StorageError(error))
            Foundation.exit(ExitStatus.storageFailure.rawValue)
        } catch {
            exitLocalized(error)
        }
    }
}

extension StorageError {
    /// A Foundation file error as a storage error naming the path, classified by its POSIX cause.
    init(_ error: CocoaError) {
        let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError
        let code = underlying?.domain == NSPOSIXErrorDomain ? Int32(underlying?.code ?? 0) : 0
        let path = error.filePath ?? error.url?.path ?? L10n.tr("cli.dataDirectory.unnamed")
        self = .fileSystem("use", path: path, errno: code == 0 ? EIO : code)
    }
}
