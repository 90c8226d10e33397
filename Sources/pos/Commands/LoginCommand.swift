import ArgumentParser
import Foundation
import Localization
import POSFoundation
import Yosemite

/// `pos login`: connects this counter to a WooCommerce store.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: L10n.tr("cli.login.abstract"),
        discussion: L10n.tr("cli.login.discussion")
    )

    @OptionGroup var data: DataDirectoryOptions

    @Option(help: .tr("cli.login.site.help"))
    var site: String

    @Option(help: .tr("cli.login.username.help"))
    var username: String

    @Option(name: .customLong("app-password"), help: .tr("cli.login.appPassword.help"))
    var appPassword: String?

    @Option(help: .tr("cli.login.register.help"))
    var register: String?

    @Flag(help: .tr("cli.common.json.help")) var json = false

    /// The `--json` shape: the store `pos` connected to. Stable: scripts read it.
    struct Report: Encodable {
        var store: String
        var site: String
        var username: String
        var currency: String
        var pricesIncludeTax: Bool
        /// With `--register`: the register id saved.
        var register: String?
    }

    func validate() throws {
        if let register, !RegisterIdentity.isValid(register) {
            throw ValidationError(L10n.tr("cli.invalid.registerId"))
        }
    }

    func run() async throws {
        guard let password = appPassword ?? ProcessInfo.processInfo.environment["POS_APP_PASSWORD"] ?? PasswordPrompt.read()
        else {
            Console.error(L10n.tr("cli.error.login.noPassword"))
            throw ExitStatus.usage.exitCode
        }
        let directory = try data.resolve()
        let (status, report) = await Self.login(directory: directory, site: site, username: username, password: password,
                                                 json: json)
        if status != .success { throw status.exitCode }
        if let register {
            // The register is a client of the TSE (when one is set up): registered there, then saved.
            let outcome = try await RegisterEnrolment.apply(register, directory: directory)
            if json, var report {
                for line in RegisterEnrolment.lines(outcome, register: register) where line.isWarning { Console.error(line.text) }
                report.register = register
                return try Console.json(report)
            }
            Console.out(L10n.tr("cli.login.out.register", ["register": register, "first": RegisterIdentity.receiptNumber(register: register, localNumber: 1)]))
            RegisterEnrolment.report(outcome, register: register)
        }
        if json, let report { try Console.json(report) }
    }

    /// Logs in; prints what it connected to, or with `json` returns it for the caller to print.
    @MainActor
    private static func login(directory: URL, site: String, username: String, password: String,
                              json: Bool) async -> (ExitStatus, Report?) {
        guard let manager = try? LiveSession.open(directory) else { return (.storageFailure, nil) }
        do {
            let (account, settings) = try await manager.login(siteURL: site, username: username, applicationPassword: password)
            if json {
                return (.success, Report(store: settings.storeName, site: account.siteURL, username: account.username,
                                         currency: settings.currency.code, pricesIncludeTax: settings.taxes.pricesIncludeTax))
            }
            Console.out(L10n.tr("cli.out.login.done", ["store": settings.storeName, "site": account.siteURL, "user": account.username]))
            Console.out(L10n.tr(settings.taxes.pricesIncludeTax ? "cli.out.login.currency.inclusive" : "cli.out.login.currency.exclusive", ["currency": settings.currency.code]))
            return (.success, nil)
        } catch {
            Console.error(error)
            return (ExitStatus(error), nil)
        }
    }
}

/// Reads a password from the terminal without echo; `nil` when standard input is not a terminal.
enum PasswordPrompt {
    static func read() -> String? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        return SecretPrompt.readFromTerminal(L10n.tr("cli.login.prompt.password")).flatMap { $0.isEmpty ? nil : $0 }
    }
}
