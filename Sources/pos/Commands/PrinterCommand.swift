import ArgumentParser
import Foundation
import Hardware
import Localization
import Yosemite

/// `pos printer test NAME`: a test page on one printer.
struct PrinterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "printer", abstract: L10n.tr("cli.printer.abstract"), subcommands: [Test.self]
    )

    struct Test: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "test", abstract: L10n.tr("cli.printer.2.abstract"))

        @OptionGroup var data: DataDirectoryOptions
        @Argument(help: .tr("cli.printer.test.name.help")) var name: String
        @Flag(help: .tr("cli.common.json.help")) var json = false

        /// The `--json` shape: the queue the test page went to and the print system's job number.
        struct Report: Encodable {
            var printer: String
            var jobId: Int
        }

        func run() async throws {
            let session = try await ReceiptSession.open(data)
            let name = name
            let result = try await session.dispatch { ReceiptAction.printTestPage(printer: name, reply: $0) }
            if json { return try Console.json(Report(printer: result.printerName, jobId: result.jobID)) }
            Console.out(L10n.tr("cli.printer.out.testPrinted", ["printer": result.printerName, "job": "\(result.jobID)"]))
        }
    }
}
