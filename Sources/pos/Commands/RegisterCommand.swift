import ArgumentParser
import Foundation
import Localization
import Storage
import Yosemite

/// `pos register show|set ID`: this counter's register id (issue 18), the prefix of its receipt numbers
/// (`K2-000123`) and the fiscal register serial (one setting, `fiscal-settings.json`).
struct RegisterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "register",
        abstract: L10n.tr("cli.register.abstract"),
        subcommands: [Show.self, Set.self]
    )

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: L10n.tr("cli.register.2.abstract"))
        @OptionGroup var data: DataDirectoryOptions

        func run() async throws {
            let directory = try data.resolve()
            let settings = FiscalSettings.load(dataDirectory: directory)
            if let id = settings.registerSerial, !id.isEmpty {
                Console.out(L10n.tr("cli.register.out.show", [
                    "register": id, "first": RegisterIdentity.receiptNumber(register: id, localNumber: 1),
                    "second": RegisterIdentity.receiptNumber(register: id, localNumber: 2),
                ]))
            } else {
                Console.out(L10n.tr("cli.out.register.none"))
            }
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: L10n.tr("cli.register.3.abstract"))
        @OptionGroup var data: DataDirectoryOptions
        @Argument(help: .tr("cli.register.set.id.help")) var id: String

        func validate() throws {
            guard RegisterIdentity.isValid(id) else {
                throw ValidationError(L10n.tr("cli.invalid.registerId"))
            }
        }

        func run() async throws {
            let directory = try data.resolve()
            var settings = FiscalSettings.load(dataDirectory: directory)
            let previous = settings.registerSerial
            settings.registerSerial = id
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try settings.save(dataDirectory: directory)
            } catch {
                Console.error(L10n.tr("cli.error.registerSave", ["path": "\(directory.path)", "error": "\(error)"]))
                throw ExitStatus.storageFailure.exitCode
            }
            Console.out(L10n.tr("cli.out.register.set", ["id": id]))
            if let previous, !previous.isEmpty, previous != id, settings.clientID != nil {
                Console.error(L10n.tr("cli.register.warning.tseClient", ["previous": previous, "id": id]))
            }
        }
    }
}
