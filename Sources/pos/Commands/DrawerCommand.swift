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
            abstract: L10n.tr("cli.drawer.2.abstract"),
            discussion: """
                With no shift open it opens one with a float of 0, as a sale does. Where cashiers are set up a manager \
                approves it (--manager NAME; the PIN is read from the terminal or standard input). Exit codes: 0 opened and logged; 14 the printer failed (the drawer \
                stayed shut, nothing logged); 9 the log could not be written.
                """
        )

        @OptionGroup var data: DataDirectoryOptions
        @Option(help: .tr("cli.drawer.open.reason.help")) var reason = ""
        @Option(help: .tr("cli.drawer.open.printer.help")) var printer: String?
        @Option(help: .tr("cli.common.manager.cashiers.help")) var manager: String?
        @Flag(help: .tr("cli.common.json.help")) var json = false

        @MainActor func run() async throws {
            let reason = reason, printer = printer, json = json
            let approval = try PinPrompt.approval(manager)
            try await ShiftCommand.dispatch(data) {
                ShiftAction.openDrawer(reason: reason, printer: printer, approval: approval, reply: $0)
            } print: { outcome, _ in
                if json {
                    let report: [String: String] = [
                        "shiftId": String(outcome.shiftId), "openedShiftId": outcome.openedShiftId.map(String.init) ?? "",
                        "countInShift": String(outcome.countInShift), "printed": outcome.printed,
                    ]
                    let data = (try? JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])) ?? Data()
                    return String(decoding: data, as: UTF8.self)
                }
                var text = "No sale: drawer opened (\(outcome.printed)), logged in shift \(outcome.shiftId); "
                    + "\(outcome.countInShift) no-sale open\(outcome.countInShift == 1 ? "" : "s") in this shift."
                if let opened = outcome.openedShiftId {
                    text += "\nNo shift was open: this opened shift \(opened) with a float of 0 (`pos shift` shows it)."
                }
                return text
            }
        }
    }
}
