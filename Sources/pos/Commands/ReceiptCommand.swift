import ArgumentParser
import Foundation
import Hardware
import Localization
import POSFoundation
import Yosemite

/// `pos receipt`: show, print and reprint an order's receipt.
struct ReceiptCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "receipt",
        abstract: L10n.tr("cli.receipt.abstract"),
        discussion: L10n.tr("cli.receipt.discussion"),
        subcommands: [Show.self, Print.self, Reprint.self]
    )

    /// `pos receipt show ORDER [--width 42] [--format text|escpos] [--json]`.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: L10n.tr("cli.receipt.2.abstract"))

        enum Format: String, ExpressibleByArgument, CaseIterable { case text, escpos }

        @OptionGroup var data: DataDirectoryOptions
        @Argument(help: .tr("cli.common.order.help")) var order: String
        @Option(help: .tr("cli.receipt.show.width.help")) var width: Int?
        @Option(help: .tr("cli.receipt.show.format.help")) var format: Format = .text
        @Flag(help: .tr("cli.common.json.help")) var json = false

        func validate() throws {
            if let width, !(20...80).contains(width) { throw ValidationError(L10n.tr("cli.invalid.receipt.1")) }
            // `--json` is the receipt's data; a width or a format is for its text (docs/operations.md, "JSON output").
            if json && (width != nil || format != .text) { throw ValidationError(L10n.tr("cli.invalid.receipt.formatJSON")) }
        }

        @MainActor func run() async throws {
            let session = try await ReceiptSession.open(data)
            let order = order, width = width
            if json {
                LocalTime.load(session.manager)  // (the store's time zone, as `orders show --json` writes times)
                let orderData = try await session.dispatch { ReceiptAction.orderData(order: order, reply: $0) }
                let stored = try await session.dispatch { ReceiptAction.listReceipts(order: order, reply: $0) }
                return try Console.json(ReceiptShowJSON(orderData, receipts: stored))
            }
            let preview = try await session.dispatch { ReceiptAction.preview(order: order, width: width, reply: $0) }
            for warning in preview.rendered.warnings { Console.error(warning) }
            switch format {
            case .text:
                FileHandle.standardOutput.write(Data(preview.rendered.text(width: preview.width).utf8))
            case .escpos:
                let profile = preview.width <= 32 ? PrinterProfile.generic58mm : PrinterProfile.generic80mm
                FileHandle.standardOutput.write(Data(preview.rendered.escpos(width: preview.width, profile: profile)))
            }
        }
    }

    /// `pos receipt print ORDER [--printer NAME]`.
    struct Print: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "print",
            abstract: L10n.tr("cli.receipt.3.abstract")
        )

        @OptionGroup var data: DataDirectoryOptions
        @Argument(help: .tr("cli.common.order.help")) var order: String
        @Option(help: .tr("cli.common.printer.queue.help")) var printer: String?
        @Flag(help: .tr("cli.common.json.help")) var json = false

        func run() async throws {
            let session = try await ReceiptSession.open(data)
            let order = order, printer = printer
            let outcome = try await session.dispatch { ReceiptAction.printOrder(order: order, printer: printer, reply: $0) }
            try ReceiptSession.report(outcome, json: json)
        }
    }

    /// `pos receipt reprint ORDER [--refund] [--printer NAME]`.
    struct Reprint: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reprint", abstract: L10n.tr("cli.receipt.4.abstract"))

        @OptionGroup var data: DataDirectoryOptions
        @Argument(help: .tr("cli.common.order.help")) var order: String
        @Option(help: .tr("cli.common.printer.queue.help")) var printer: String?
        @Flag(help: .tr("cli.receipt.reprint.refund.help")) var refund = false
        @Flag(help: .tr("cli.common.json.help")) var json = false

        func run() async throws {
            let session = try await ReceiptSession.open(data)
            let order = order, printer = printer, refund = refund
            let outcome = try await session.dispatch {
                ReceiptAction.reprint(order: order, printer: printer, refund: refund, reply: $0)
            }
            try ReceiptSession.report(outcome, json: json)
        }
    }
}
