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
        static let configuration = CommandConfiguration(abstract: L10n.tr("cli.printer.2.abstract"))

        @OptionGroup var data: DataDirectoryOptions
        @Argument(help: .tr("cli.printer.test.name.help")) var name: String

        func run() async throws {
            let session = try await ReceiptSession.open(data)
            let name = name
            let result = try await session.dispatch { ReceiptAction.printTestPage(printer: name, reply: $0) }
            Console.out(L10n.tr("cli.printer.out.testPrinted", ["printer": result.printerName, "job": "\(result.jobID)"]))
        }
    }
}
