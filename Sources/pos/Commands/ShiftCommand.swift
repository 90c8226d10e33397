import ArgumentParser
import Foundation
import Localization
import POSFoundation
import Yosemite

/// `pos shift open|cash-in|cash-out|close|end-of-day|report`: the cashier's shift from a script, with the Z report
/// at close (and the card terminal's end of day beside the drawer's count when a reader is configured).
struct ShiftCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shift",
        abstract: L10n.tr("cli.shift.abstract"),
        subcommands: [Open.self, CashIn.self, CashOut.self, Close.self, EndOfDay.self, Report.self]
    )

    struct Open: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "open", abstract: L10n.tr("cli.shift.2.abstract"))
        @OptionGroup var data: DataDirectoryOptions
        @Option(help: .tr("cli.shift.open.float.help")) var float: String
        @Option(help: .tr("cli.shift.open.cashier.help")) var cashier: String?
        @Flag(help: .tr("cli.common.json.help")) var json = false

        @MainActor func run() async throws {
            try await ShiftCommand.dispatch(data, json: json ? { ShiftReportJSON($0.report) } : nil) {
                ShiftAction.open(float: float, cashier: cashier, reply: $0)
            } print: {
                L10n.tr("cli.shift.out.opened", ["shift": "\($0.shiftId)", "float": $1($0.report.openingFloat)])
            }
        }
    }

    struct CashIn: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "cash-in", abstract: L10n.tr("cli.shift.3.abstract"))
        @OptionGroup var data: DataDirectoryOptions
        @Argument(help: .tr("cli.shift.cashIn.amount.help")) var amount: String
        @Option(help: .tr("cli.common.reason.help")) var reason: String
        @Flag(help: .tr("cli.common.json.help")) var json = false

        @MainActor func run() async throws {
            try await ShiftCommand.dispatch(data, json: json ? { ShiftReportJSON($0.report) } : nil) {
                ShiftAction.cashIn(amount: amount, reason: reason, reply: $0)
            } print: {
                L10n.tr("cli.shift.out.cashIn", ["amount": $1($0.report.expectedCash)])
            }
        }
    }

    struct CashOut: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "cash-out", abstract: L10n.tr("cli.shift.4.abstract"))
        @OptionGroup var data: DataDirectoryOptions
        @Argument(help: .tr("cli.shift.cashOut.amount.help")) var amount: String
        @Option(help: .tr("cli.common.reason.help")) var reason: String
        @Flag(help: .tr("cli.common.json.help")) var json = false

        @MainActor func run() async throws {
            try await ShiftCommand.dispatch(data, json: json ? { ShiftReportJSON($0.report) } : nil) {
                ShiftAction.cashOut(amount: amount, reason: reason, reply: $0)
            } print: {
                L10n.tr("cli.shift.out.cashOut", ["amount": $1($0.report.expectedCash)])
            }
        }
    }

    struct Close: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "close",
            abstract: L10n.tr("cli.shift.5.abstract"))
        @OptionGroup var data: DataDirectoryOptions
        @Option(help: .tr("cli.shift.close.counted.help")) var counted: String
        @Option(help: .tr("cli.common.printer.configured.help")) var printer: String?
        @Flag(help: .tr("cli.common.json.help")) var json = false

        @MainActor func run() async throws {
            try await ShiftCommand.dispatch(data, usesReader: true, json: json ? { ShiftCommand.closeJSON($0) } : nil) { ShiftAction.close(counted: counted, printer: printer, reply: $0) } print: { outcome, format in
                ShiftCommand.closeLines(outcome, format)
            }
        }
    }

    struct EndOfDay: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "end-of-day",
            abstract: L10n.tr("cli.shift.6.abstract"))
        @OptionGroup var data: DataDirectoryOptions
        @Option(help: .tr("cli.shift.endOfDay.shift.help")) var shift: Int64?
        @Option(help: .tr("cli.common.printer.configured.help")) var printer: String?
        @Flag(help: .tr("cli.common.json.help")) var json = false

        @MainActor func run() async throws {
            try await ShiftCommand.dispatch(data, usesReader: true, json: json ? { ShiftCommand.closeJSON($0) } : nil) { ShiftAction.endOfDay(shiftId: shift, printer: printer, reply: $0) } print: { outcome, format in
                ShiftCommand.closeLines(outcome, format)
            }
        }
    }

    /// A closed shift's report as `--json` writes it, with whether it printed.
    static func closeJSON(_ outcome: ShiftCloseOutcome) -> ShiftReportJSON {
        ShiftReportJSON(outcome.report, printed: outcome.printed != nil)
    }

    /// A closed shift's report, the terminal's verdict and where it printed.
    static func closeLines(_ outcome: ShiftCloseOutcome, _ format: (Int64) -> String) -> String {
        var lines = [L10n.tr("z.title")] + ShiftCommand.lines(outcome.report, format)
        if let closing = outcome.report.terminalClosing {
            lines.append(closing.summary(format: format, strings: L10n.screen))
            if !closing.didRun { lines.append(L10n.tr("cli.shift.out.endOfDayLater")) }
        }
        if let printed = outcome.printed { lines.append(L10n.tr("cli.shift.out.printed", ["printer": "\(printed)"])) }
        if let error = outcome.printError { lines.append(L10n.tr("cli.shift.out.notPrinted", ["error": "\(error)"])) }
        return lines.joined(separator: "\n")
    }

    struct Report: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "report", abstract: L10n.tr("cli.shift.7.abstract"))
        @OptionGroup var data: DataDirectoryOptions
        @Option(help: .tr("cli.shift.report.shift.help")) var shift: Int64?
        @Flag(help: .tr("cli.shift.report.print.help")) var print = false
        @Option(help: .tr("cli.shift.report.printer.help")) var printer: String?
        @Flag(help: .tr("cli.common.json.help")) var json = false

        @MainActor func run() async throws {
            if print && json { throw ValidationError(L10n.tr("cli.invalid.shift.printJSON")) }
            if print {
                try await ShiftCommand.dispatch(data) { ShiftAction.reprint(shiftId: shift, printer: printer, reply: $0) } print: { job, _ in
                    L10n.tr("cli.shift.out.reprinted", ["printer": "\(job)"])
                }
                return
            }
            try await ShiftCommand.dispatch(data, json: json ? { ShiftReportJSON($0) } : nil) {
                ShiftAction.report(shiftId: shift, reply: $0)
            } print: { report, format in
                ([L10n.tr(report.closedAt == nil ? "cli.shift.out.running" : "z.title")] + ShiftCommand.lines(report, format))
                    .joined(separator: "\n")
            }
        }
    }

    /// The report's rows, label left and value right.
    static func lines(_ report: ZReport, _ format: (Int64) -> String) -> [String] {
        report.rows(format: { format($0.minorUnits) }, strings: L10n.screen).map { row in
            let gap = max(1, 40 - row.label.count - row.value.count)
            return row.label + String(repeating: " ", count: gap) + row.value
        }
    }

    /// Runs one shift action on the store's data and prints its outcome or its error. With `json`, the outcome
    /// is written as the JSON it makes instead of `describe`'s text.
    @MainActor
    static func dispatch<Value: Sendable>(
        _ data: DataDirectoryOptions, usesReader: Bool = false, json: ((Value) -> any Encodable)? = nil,
        _ action: @escaping (Reply<Value>) -> ShiftAction,
        print describe: @escaping (Value, (Int64) -> String) -> String
    ) async throws {
        let text: String = try await OrderCommandSupport.withStores(data: data) { manager, settings in
            let value: Value
            do throws(ShiftError) {
                value = try await manager.dispatch(action)
                if usesReader { await CardCommandSupport.disconnect(manager) }
            } catch {
                if usesReader { await CardCommandSupport.disconnect(manager) }
                Console.error(error)
                throw exitStatus(error)
            }
            if let json { return try Console.jsonText(json(value)) }
            return describe(value) { Money(minorUnits: $0, currency: settings.currency).formatted(settings.moneyFormat) }
        }
        Console.out(text)
    }

    /// The table's code for a shift failure. Every case is decided here (no default), so a new one must be.
    static func exitStatus(_ error: ShiftError) -> ExitCode {
        switch error {
        case .storage: ExitStatus.storageFailure.exitCode
        case .storeSettingsMissing, .unhandled: ExitStatus.notLoggedIn.exitCode
        case .shiftNotFound: ExitStatus.notFound.exitCode
        case .noReader: ExitStatus.readerUnavailable.exitCode
        case .printFailed, .drawerFailed: ExitStatus.printFailed.exitCode
        case .cashier(let error): CashierCommand.exitCode(error)
        // The arguments are valid; the shift's state refuses the step (one open at a time, nothing to close…).
        case .alreadyOpen, .noOpenShift, .shiftStillOpen, .endOfDayAlreadyRan: ExitStatus.failure.exitCode
        // A malformed amount or a missing reason: the arguments themselves.
        case .invalidAmount, .unclearAmount, .reasonMissing: ExitStatus.usage.exitCode
        }
    }
}
