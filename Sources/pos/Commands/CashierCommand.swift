import ArgumentParser
import Foundation
import Localization
import Networking
import Yosemite

/// `pos cashier …`: the counter's cashiers, their PINs and who is signed in on this register.
///
/// PINs are read from the terminal without echo, or line by line from standard input when it is not a terminal:
/// the manager's PIN first (when `--manager` is given), then the new PIN. Never from argv or the environment.
struct CashierCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cashier",
        abstract: L10n.tr("cli.cashier.abstract"),
        discussion: L10n.tr("cli.cashier.discussion"),
        subcommands: [List.self, Add.self, Remove.self, SetPin.self, Unlock.self, SignIn.self, SignOut.self, Current.self,
                      Approvals.self, Import.self]
    )

    /// Exit 16 for the policy's refusals, 2 for an unknown name, 9 for storage.
    static func exitCode(_ error: CashierError) -> ExitCode {
        switch error {
        case .storage: ExitStatus.storageFailure.exitCode
        case .unknownCashier: ExitStatus.notFound.exitCode
        case .invalidPin, .invalidName: ExitStatus.usage.exitCode
        case .refused: ExitStatus.failure.exitCode
        case .demoStore: ExitStatus.notLoggedIn.exitCode
        case .network(.forbidden): ExitStatus.insufficientPermission.exitCode
        case .network(let error): (error.isRetryable ? ExitStatus.siteUnreachable : ExitStatus.failure).exitCode
        default: ExitStatus.approvalRequired.exitCode
        }
    }

    /// The `--json` shape of `pos cashier remove`: who was removed. Stable: scripts read it.
    struct Removed: Encodable {
        var name: String
        var removed: Bool
    }

    /// One cashier as `pos cashier list --json` shows it, after a change (`set-pin`, `unlock`).
    @MainActor
    static func summary(of name: String, _ manager: StoresManager) async throws -> CashierSummary? {
        let cashiers = try await manager.dispatch { CashierAction.list(reply: $0) }
        return cashiers.first { $0.name == name } ?? cashiers.first { $0.name.lowercased() == name.lowercased() }
    }

    @MainActor
    static func run<T>(_ data: DataDirectoryOptions, _ body: @escaping (StoresManager) async throws -> T) async throws -> T {
        try await OrderCommandSupport.withStores(data: data) { manager, _ in try await body(manager) }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: L10n.tr("cli.cashier.2.abstract"))
        @OptionGroup var data: DataDirectoryOptions
        @Flag(help: .tr("cli.common.json.help")) var json = false

        @MainActor func run() async throws {
            let json = json
            let cashiers = try await CashierCommand.run(data) { manager in
                try await manager.dispatch { CashierAction.list(reply: $0) }
            }
            if json {
                try Console.json(cashiers)
                return
            }
            if cashiers.isEmpty { Console.out(L10n.tr("cli.out.cashier.none")) }
            for cashier in cashiers {
                let state = cashier.locked ? L10n.tr("cli.out.cashier.locked") : cashier.failedAttempts > 0 ? L10n.tr("cli.out.cashier.wrongPins", ["count": String(cashier.failedAttempts)]) : L10n.tr("cli.cashier.out.ok")
                Console.out("\(cashier.name)\t\(L10n.word(.role, cashier.role.rawValue))\t\(state)")
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: L10n.tr("cli.cashier.3.abstract"))
        @OptionGroup var data: DataDirectoryOptions
        @Argument(help: .tr("cli.cashier.add.name.help")) var name: String
        @Option(help: .tr("cli.cashier.add.role.help")) var role: CashierRole = .cashier
        @Option(help: .tr("cli.cashier.add.manager.help")) var manager: String?
        @Flag(help: .tr("cli.common.json.help")) var json = false

        @MainActor func run() async throws {
            let (name, role) = (name, role)
            let approval = try PinPrompt.approval(manager)
            // Refused before the new cashier's PIN is asked (the first must be a manager; later ones need one's PIN).
            try await CashierCommand.run(data) { manager in
                try await manager.dispatch { CashierAction.checkAdd(name: name, role: role, approval: approval, reply: $0) }
            }
            let pin = try PinPrompt.readNew(L10n.tr("cli.pin.prompt.new", ["name": name]))
            let added = try await CashierCommand.run(data) { manager in
                try await manager.dispatch { CashierAction.add(name: name, role: role, pin: pin, approval: approval, reply: $0) }
            }
            // `--json`: the cashier as `pos cashier list --json` shows each (name, role code, lock state).
            if json { return try Console.json(added) }
            Console.out(L10n.tr(added.role == .manager ? "cli.out.cashier.addedManager" : "cli.out.cashier.added", ["name": added.name]))
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: L10n.tr("cli.cashier.4.abstract"))
        @OptionGroup var data: DataDirectoryOptions
        @Argument var name: String
        @Option(help: .tr("cli.common.manager.help")) var manager: String?
        @Flag(help: .tr("cli.common.json.help")) var json = false

        @MainActor func run() async throws {
            let name = name
            let approval = try PinPrompt.approval(manager)
            try await CashierCommand.run(data) { manager in
                try await manager.dispatch { CashierAction.remove(name: name, approval: approval, reply: $0) }
            }
            if json { return try Console.json(Removed(name: name, removed: true)) }
            Console.out(L10n.tr("cli.out.cashier.removed", ["name": name]))
        }
    }

    struct SetPin: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set-pin", abstract: L10n.tr("cli.cashier.5.abstract"))
        @OptionGroup var data: DataDirectoryOptions
        @Argument var name: String
        @Option(help: .tr("cli.common.manager.help")) var manager: String?
        @Flag(help: .tr("cli.common.json.help")) var json = false

        @MainActor func run() async throws {
            let name = name
            let approval = try PinPrompt.approval(manager)
            let pin = try PinPrompt.readNew(L10n.tr("cli.pin.prompt.new", ["name": name]))
            let changed = try await CashierCommand.run(data) { manager in
                try await manager.dispatch { CashierAction.setPin(name: name, pin: pin, approval: approval, reply: $0) }
                return try await CashierCommand.summary(of: name, manager)
            }
            if json { return try Console.json(changed) }
            Console.out(L10n.tr("cli.out.cashier.newPin", ["name": name]))
        }
    }

    struct Unlock: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unlock", abstract: L10n.tr("cli.cashier.6.abstract"))
        @OptionGroup var data: DataDirectoryOptions
        @Argument var name: String
        @Option(help: .tr("cli.common.manager.help")) var manager: String?
        @Flag(help: .tr("cli.common.json.help")) var json = false

        @MainActor func run() async throws {
            let name = name
            let approval = try PinPrompt.approval(manager)
            let unlocked = try await CashierCommand.run(data) { manager in
                try await manager.dispatch { CashierAction.unlock(name: name, approval: approval, reply: $0) }
                return try await CashierCommand.summary(of: name, manager)
            }
            if json { return try Console.json(unlocked) }
            Console.out(L10n.tr("cli.out.cashier.unlocked", ["name": name]))
        }
    }

    struct SignIn: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sign-in",
            abstract: L10n.tr("cli.cashier.7.abstract"))
        @OptionGroup var data: DataDirectoryOptions
        @Argument var name: String
        @Flag(help: .tr("cli.common.json.help")) var json = false

        @MainActor func run() async throws {
            let name = name
            let pin = try PinPrompt.read(L10n.tr("cli.pin.prompt.cashier", ["name": name]))
            let session = try await CashierCommand.run(data) { manager in
                try await manager.dispatch { CashierAction.signIn(name: name, pin: pin, reply: $0) }
            }
            // `--json`: who is signed in now, as `pos cashier current --json` says it.
            if json { return try Console.json(Current.Report(session)) }
            Console.out(session.shiftId.map { L10n.tr("cli.out.cashier.signedIn.shift", ["name": session.name, "shift": String($0)]) } ?? L10n.tr("cli.out.cashier.signedIn", ["name": session.name]))
        }
    }

    struct SignOut: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sign-out", abstract: L10n.tr("cli.cashier.8.abstract"))
        @OptionGroup var data: DataDirectoryOptions
        @Flag(help: .tr("cli.common.json.help")) var json = false

        @MainActor func run() async throws {
            try await CashierCommand.run(data) { manager in try await manager.dispatch { CashierAction.signOut(reply: $0) } }
            // `--json`: who is signed in now (nobody), as `pos cashier current --json` says it: `{}`.
            if json { return try Console.json(Current.Report(nil)) }
            Console.out(L10n.tr("cli.out.cashier.signedOut"))
        }
    }

    struct Current: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "current", abstract: L10n.tr("cli.cashier.9.abstract"))
        @OptionGroup var data: DataDirectoryOptions
        @Flag(help: .tr("cli.common.json.help")) var json = false

        /// The `--json` shape: who is signed in (`{}`, no `signedIn`, when nobody is). Stable: scripts read it.
        struct Report: Encodable {
            struct SignedIn: Encodable {
                var name: String
                var role: String
                var signedInAt: String
                var shiftId: Int64?
            }

            var signedIn: SignedIn?

            init(_ session: CashierSession?) {
                signedIn = session.map {
                    .init(name: $0.name, role: $0.role.rawValue, signedInAt: LocalTime.iso($0.signedInAt), shiftId: $0.shiftId)
                }
            }
        }

        @MainActor func run() async throws {
            let session = try await CashierCommand.run(data) { manager in
                try await manager.dispatch { CashierAction.current(reply: $0) }
            }
            if json {
                try Console.json(Report(session))
                return
            }
            Console.out(session.map { "\($0.name) (\(L10n.word(.role, $0.role.rawValue)))" } ?? L10n.tr("cli.out.cashier.nobody"))
        }
    }

    struct Approvals: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "approvals", abstract: L10n.tr("cli.cashier.10.abstract"))
        @OptionGroup var data: DataDirectoryOptions
        @Option(help: .tr("cli.cashier.approvals.shift.help")) var shift: Int64?
        @Flag(help: .tr("cli.common.json.help")) var json = false

        @MainActor func run() async throws {
            let (shift, json) = (shift, json)
            let approvals = try await CashierCommand.run(data) { manager in
                try await manager.dispatch { CashierAction.approvals(shiftId: shift, reply: $0) }
            }
            if json {
                try Console.json(approvals)
                return
            }
            if approvals.isEmpty { Console.out(L10n.tr("cli.out.cashier.noApprovals")) }
            let formatter = LocalTime.Formatter()
            for approval in approvals {
                Console.out("\(formatter.string(from: approval.approvedAt))\t\(L10n.word(.approval, approval.kind))\t\(L10n.approvalReference(approval.reference))\t"
                            + L10n.tr("cli.cashier.out.approval", [
                                "manager": approval.manager, "cashier": approval.cashier.isEmpty ? "-" : approval.cashier,
                            ]))
            }
        }
    }
}

extension CashierRole: ExpressibleByArgument {}
