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
