import ArgumentParser
import Composition
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

    /// The data directory's database, when it has one (nothing is created to show or set a register id).
    static func database(_ directory: URL) throws -> AppDatabase? {
        let file = directory.appendingPathComponent(AppEnvironment.FileName.database)
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        do {
            return try AppEnvironment.live(dataDirectory: directory, logger: LoggingSetup.logger()).database
        } catch {
            Console.openFailure(error, directory: directory)
            throw ExitStatus.storageFailure.exitCode
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: L10n.tr("cli.register.2.abstract"))
        @OptionGroup var data: DataDirectoryOptions

        func run() async throws {
            let directory = try data.resolve()
            let settings = FiscalSettings.load(dataDirectory: directory)
            if let id = settings.registerSerial, !id.isEmpty {
                // The register's one receipt series: the next numbers it will give, and the last it gave.
                var last: Int64 = 0
                if let database = try RegisterCommand.database(directory) {
                    do {
                        last = try await database.receiptSeries(registerId: id).lastNumber
                    } catch {
                        Console.error(L10n.tr("cli.error.registerRead", ["error": StorageError(wrapping: error).message]))
                        throw ExitStatus.storageFailure.exitCode
                    }
                }
                Console.out(L10n.tr("cli.register.out.show", [
                    "register": id, "first": RegisterIdentity.receiptNumber(register: id, number: last + 1),
                    "second": RegisterIdentity.receiptNumber(register: id, number: last + 2),
                ]))
                if last > 0 {
                    Console.out(L10n.tr("cli.register.out.last", [
                        "count": String(last), "last": RegisterIdentity.receiptNumber(register: id, number: last),
                    ]))
                }
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
            if let refusal = await RegisterEnrolment.unfinishedSales(changingTo: id, directory: directory) {
                refusal.lines.forEach(Console.error)
                throw refusal.exitCode
            }
            // The register is a client of the TSE: registered there first, then saved.
            let outcome = try await RegisterEnrolment.apply(id, directory: directory)
            Console.out(L10n.tr("cli.out.register.set", ["id": id]))
            RegisterEnrolment.report(outcome, register: id)
        }
    }
}
