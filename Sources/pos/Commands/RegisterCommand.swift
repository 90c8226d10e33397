import ArgumentParser
import Composition
import Foundation
import Localization
import Storage
import Yosemite

/// `pos register show|set ID|training on|off|status`: this counter's register id, the prefix of its receipt numbers
/// (`K2-000123`) and the fiscal register serial (one setting, `fiscal-settings.json`).
struct RegisterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "register",
        abstract: L10n.tr("cli.register.abstract"),
        subcommands: [Show.self, Set.self, Training.self]
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
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: L10n.tr("cli.register.2.abstract"))
        @OptionGroup var data: DataDirectoryOptions
        @Flag(help: .tr("cli.common.json.help")) var json = false

        /// The `--json` shape: the register id (absent when none is set), the next receipt number and the last given
        /// (absent before the first), the last training receipt number. Stable: scripts read it.
        struct Report: Encodable {
            var register: String?
            var nextReceiptNumber: String?
            var lastReceiptNumber: String?
            var receiptCount: Int64
            var lastTrainingReceiptNumber: String?
        }

        func run() async throws {
            let directory = try data.resolve()
            let settings = FiscalSettings.load(dataDirectory: directory)
            if let id = settings.registerSerial, !id.isEmpty {
                // The register's one receipt series: the next numbers it will give, and the last it gave.
                var last: Int64 = 0
                var lastTraining: Int64 = 0
                if let database = try RegisterCommand.database(directory) {
                    do {
                        last = try await database.receiptSeries(registerId: id).lastNumber
                        lastTraining = try await database.trainingSeries(registerId: id)
                    } catch {
                        Console.error(L10n.tr("cli.error.registerRead", ["error": StorageError(wrapping: error).message]))
                        throw ExitStatus.storageFailure.exitCode
                    }
                }
                if json {
                    try Console.json(Report(
                        register: id, nextReceiptNumber: RegisterIdentity.receiptNumber(register: id, number: last + 1),
                        lastReceiptNumber: last > 0 ? RegisterIdentity.receiptNumber(register: id, number: last) : nil,
                        receiptCount: last,
                        lastTrainingReceiptNumber: lastTraining > 0
                            ? RegisterIdentity.trainingReceiptNumber(register: id, number: lastTraining) : nil))
                    return
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
                if lastTraining > 0 {
                    // Training sales have their own series: it never takes a number of the one above.
                    Console.out(L10n.tr("cli.register.out.lastTraining", [
                        "last": RegisterIdentity.trainingReceiptNumber(register: id, number: lastTraining),
                    ]))
                }
            } else if json {
                try Console.json(Report(register: nil, nextReceiptNumber: nil, lastReceiptNumber: nil, receiptCount: 0,
                                        lastTrainingReceiptNumber: nil))
            } else {
                Console.out(L10n.tr("cli.out.register.none"))
            }
        }
    }

    /// `pos register training on|off|status`: the register's training mode. Every sale opened while it is
    /// on is a training sale: TRAINING on its receipt, signed as `AVTraining`, never sent to the store, not in the Z
    /// report's takings, numbered in the register's training series. Switching it on needs a manager (`--manager`,
    /// PIN on standard input) where cashiers are set up; off is anyone's. Every `pos` process reads the same mode.
    struct Training: AsyncParsableCommand {
        enum Switch: String, ExpressibleByArgument, CaseIterable {
            case on, off, status
        }

        static let configuration = CommandConfiguration(
            commandName: "training",
            abstract: L10n.tr("cli.register.training.abstract"), discussion: L10n.tr("cli.register.training.discussion"))
        @OptionGroup var data: DataDirectoryOptions
        @Argument(help: .tr("cli.register.training.switch.help")) var mode: Switch = .status
        @Option(help: .tr("cli.common.manager.cashiers.help")) var manager: String?
        @Flag(help: .tr("cli.common.json.help")) var json = false

        @MainActor func run() async throws {
            let mode = mode, json = json
            let approval = mode == .on ? try PinPrompt.approval(manager) : nil
            let (on, changed) = try await CashierCommand.run(data) { stores -> (Bool, Bool) in
                switch mode {
                case .status:
                    return (try await stores.dispatch { CashierAction.training(reply: $0) }, false)
                case .on, .off:
                    let changed = try await stores.dispatch {
                        CashierAction.setTraining(on: mode == .on, approval: approval, reply: $0)
                    }
                    return (mode == .on, changed)
                }
            }
            if json {
                try Console.json(["changed": changed, "training": on])
                return
            }
            Console.out(L10n.tr(on ? "cli.register.training.out.on" : "cli.register.training.out.off"))
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: L10n.tr("cli.register.3.abstract"))
        @OptionGroup var data: DataDirectoryOptions
        @Argument(help: .tr("cli.register.set.id.help")) var id: String
        @Flag(help: .tr("cli.common.json.help")) var json = false

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
            if json {
                // (a warning, such as a TSE client still to register, stays on standard error)
                for line in RegisterEnrolment.lines(outcome, register: id) where line.isWarning { Console.error(line.text) }
                return try Console.json(RegisterEnrolment.Report(register: id, outcome))
            }
            Console.out(L10n.tr("cli.out.register.set", ["id": id]))
            RegisterEnrolment.report(outcome, register: id)
        }
    }
}
