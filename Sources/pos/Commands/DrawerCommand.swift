import ArgumentParser
import Foundation
import Localization
import Yosemite

/// `pos drawer open`: "no sale", the cash drawer opened through the receipt printer and logged in the shift.
struct DrawerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drawer",
        abstract: L10n.tr("cli.drawer.abstract"),
        subcommands: [Open.self]
    )

    struct Open: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "open",
            abstract: L10n.tr("cli.drawer.2.abstract"),
            discussion: L10n.tr("cli.drawer.open.discussion")
        )

        @OptionGroup var data: DataDirectoryOptions
        @Option(help: .tr("cli.drawer.open.reason.help")) var reason = ""
        @Option(help: .tr("cli.drawer.open.printer.help")) var printer: String?
        @Option(help: .tr("cli.common.manager.cashiers.help")) var manager: String?
        @Flag(help: .tr("cli.common.json.help")) var json = false

        @MainActor func run() async throws {
            let reason = reason, printer = printer, json = json
            let approval = try PinPrompt.approval(manager)
            try await ShiftCommand.dispatch(data, json: json ? { DrawerOpenJSON($0) } : nil) {
                ShiftAction.openDrawer(reason: reason, printer: printer, approval: approval, reply: $0)
            } print: { outcome, _ in
                var text = L10n.tr("cli.drawer.out.opened", [
                    "printer": outcome.printed, "shift": "\(outcome.shiftId)",
                    "opens": L10n.plural("cli.drawer.out.opens", count: outcome.countInShift),
                ])
                if let opened = outcome.openedShiftId {
                    text += "\n" + L10n.tr("cli.drawer.out.openedShift", ["shift": "\(opened)"])
                }
                return text
            }
        }
    }
}

/// The `--json` shape of `pos drawer open`. Stable: scripts read it. Machine fields only: ids, counts, the printer
/// queue's name and job number, the time ISO 8601 with the offset.
struct DrawerOpenJSON: Encodable {
    var shiftId: Int64
    /// The shift this open opened because none was open (float 0); absent otherwise.
    var openedShiftId: Int64?
    var countInShift: Int
    var printer: String
    var jobId: Int
    var openedAt: String

    init(_ outcome: DrawerOpenOutcome) {
        shiftId = outcome.shiftId
        openedShiftId = outcome.openedShiftId
        countInShift = outcome.countInShift
        printer = outcome.printer
        jobId = outcome.jobId
        openedAt = LocalTime.iso(outcome.openedAt)
    }
}
