import ArgumentParser
import Foundation
import Hardware
import Localization
import POSFoundation
import Yosemite

/// `pos printers list [--json]`: the print queues and their states.
struct PrintersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "printers", abstract: L10n.tr("cli.printers.abstract"), subcommands: [List.self], defaultSubcommand: List.self
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: L10n.tr("cli.printers.2.abstract"))

        @OptionGroup var data: DataDirectoryOptions
        @Flag(help: .tr("cli.common.json.help")) var json = false

        func run() async throws {
            let session = try await ReceiptSession.open(data)
            var printers = await Self.cupsPrinters(session.manager)
            // With no printer named and no CUPS default, receipts go to text files (as the counter's Printers shows).
            let folder = session.manager.printedReceiptsFolder.path
            printers.append(PrintQueue(
                name: "file:" + folder, info: L10n.tr("cli.printers.out.textFiles"), state: .idle, isRaw: false,
                isDefault: !printers.contains(where: \.isDefault)))
            if json {
                try Console.json(printers.map(PrinterReport.init))
                return
            }
            for printer in printers {
                let state = printer.problem?.message
                    ?? L10n.tr(printer.state == .processing ? "cli.printers.out.printing" : "cli.printers.out.ready")
                let kind = L10n.tr(printer.isRaw ? "cli.printers.out.raw" : "cli.printers.out.text")
                Console.out("\(printer.isDefault ? "*" : " ") \(printer.name)  \(kind)  \(state)")
            }
        }

        /// The CUPS queues; when CUPS cannot be asked, none, after saying so (receipts still go to files).
        @MainActor
        static func cupsPrinters(_ manager: StoresManager) async -> [PrintQueue] {
            do throws(ReceiptError) {
                return try await manager.dispatch { ReceiptAction.listPrinters(reply: $0) }
            } catch {
                Console.error(L10n.tr("cli.error.printers.noCups", ["message": "\(error.message)"]))
                return []
            }
        }
    }
}

/// The `--json` shape of `pos printers list`. Stable: scripts read it.
struct PrinterReport: Encodable {
    var name: String
    var info: String?
    var state: String
    var reasons: [String]
    var acceptingJobs: Bool
    var raw: Bool
    var isDefault: Bool

    init(_ printer: PrintQueue) {
        name = printer.name
        info = printer.info
        state = switch printer.state {
        case .idle: "idle"
        case .processing: "processing"
        case .stopped: "stopped"
        }
        reasons = printer.stateReasons
        acceptingJobs = printer.isAcceptingJobs
        raw = printer.isRaw
        isDefault = printer.isDefault
    }
}
