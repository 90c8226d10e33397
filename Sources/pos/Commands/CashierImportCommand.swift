import ArgumentParser
import Foundation
import Localization
import Yosemite

extension CashierCommand {
    /// `pos cashier import`: the store's WordPress users who may work the till become cashiers here, each with a
    /// PIN typed now (PINs never come from WordPress: they are this till's). Managers are the users who manage
    /// WooCommerce (administrators, shop managers); cashiers those granted `access_woocommerce_pos`.
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import", abstract: L10n.tr("cli.cashier.import.abstract"))
        @OptionGroup var data: DataDirectoryOptions
        @Option(help: ArgumentHelp(L10n.tr("cli.cashier.import.manager.help"))) var manager: String?
        @Flag(help: ArgumentHelp(L10n.tr("cli.cashier.import.list.help"))) var list = false
        @Flag(help: .tr("cli.common.json.help")) var json = false

        /// The `--json` shape: the store's users who may work the till (`here` when already a cashier of this till),
        /// the cashiers added now, and the users skipped (no PIN given). Stable: scripts read it.
        struct Report: Encodable {
            struct User: Encodable {
                var userId: Int64
                var name: String
                var username: String
                var role: String
                var here: Bool
            }

            var users: [User]
            var added: [CashierSummary]
            var skipped: [String]
        }

        @MainActor func run() async throws {
            let (managerName, listOnly, json) = (manager, list, json)
            let report = try await CashierCommand.run(data) { stores -> Report in
                let users = try await stores.dispatch { CashierAction.storeUsers(reply: $0) }
                let candidates = users.filter { !$0.isCashierHere }
                var report = Report(users: users.map {
                    .init(userId: $0.userId, name: $0.name, username: $0.username, role: $0.role.rawValue, here: $0.isCashierHere)
                }, added: [], skipped: [])
                for user in users where !json {
                    let state = user.isCashierHere ? L10n.tr("cli.out.cashier.import.here") : L10n.tr("cli.out.cashier.import.new")
                    Console.out("\(user.name)\t\(L10n.word(.role, user.role.rawValue))\t\(user.username)\t\(state)")
                }
                if users.isEmpty && !json { Console.out(L10n.tr("cli.out.cashier.import.none")) }
                guard !listOnly, !candidates.isEmpty else { return report }
                var approval = try PinPrompt.approval(managerName)
                var added = 0
                do {
                    // Managers first: on a till without cashiers the first one added must be a manager, and then
                    // approves the rest with the PIN just set.
                    for user in candidates {
                        guard let pin = try PinPrompt.readOptional(L10n.tr("cli.cashier.import.pinPrompt", ["name": user.name]))
                        else {
                            report.skipped.append(user.name)
                            if !json { Console.out(L10n.tr("cli.out.cashier.import.skipped", ["name": user.name])) }
                            continue
                        }
                        let summary = try await stores.dispatch {
                            CashierAction.add(name: user.name, role: user.role, pin: pin, approval: approval, reply: $0)
                        }
                        if approval == nil, summary.role == .manager { approval = ManagerApproval(manager: summary.name, pin: pin) }
                        added += 1
                        report.added.append(summary)
                        if json { continue }
                        Console.out(L10n.tr(summary.role == .manager ? "cli.out.cashier.addedManager" : "cli.out.cashier.added",
                                            ["name": summary.name]))
                    }
                } catch {
                    // What was added before the failure stays added: with --json, the report of it goes to stdout
                    // beside the error on stderr and the exit code, so a script knows whom to retry.
                    if json { try? Console.json(report) }
                    throw error
                }
                if !json { Console.out(L10n.plural("cli.out.cashier.import.added", count: added)) }
                return report
            }
            if json { try Console.json(report) }
        }
    }
}
