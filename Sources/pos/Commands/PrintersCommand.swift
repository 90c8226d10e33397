import ArgumentParser
import Foundation
import Hardware
import Yosemite

/// `pos printers list [--json]`: the print queues and their states.
struct PrintersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "printers", abstract: "List the printers.", subcommands: [List.self], defaultSubcommand: List.self
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the print queues with their states.")

        @OptionGroup var data: DataDirectoryOptions
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let session = try await ReceiptSession.open(data)
            let printers = try await session.perform { ReceiptAction.listPrinters(onCompletion: $0) }
            if json {
                try Console.json(printers.map(PrinterReport.init))
                return
            }
            if printers.isEmpty { Console.out("No printers. Receipts go to files in the data directory's printed/ folder.") }
            for printer in printers {
                let state = printer.problem?.message ?? (printer.state == .processing ? "printing" : "ready")
                Console.out("\(printer.isDefault ? "*" : " ") \(printer.name)  \(printer.isRaw ? "raw" : "text")  \(state)")
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

    init(_ printer: PrinterDescription) {
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
