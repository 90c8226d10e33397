import ArgumentParser
import Foundation
import Localization
import Yosemite

/// `pos logout`: forgets the store and wipes its local data.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: L10n.tr("cli.logout.abstract"),
        discussion: L10n.tr("cli.logout.discussion")
    )

    @OptionGroup var data: DataDirectoryOptions

    @Flag(help: .tr("cli.logout.force.help"))
    var force = false

    @Flag(help: .tr("cli.common.json.help"))
    var json = false

    /// The `--json` shape: what logging out removed and what it kept, as codes. Stable: scripts read it.
    struct Report: Encodable {
        var loggedOut = true
        var forced: Bool
        /// The store's credentials (`credentials.json`), its data in the database (catalog, customers, orders, outbox,
        /// payment journal, receipts, shifts, cashiers, store settings, sync state), the fiscal export ledger and
        /// the demo store's marker.
        var removed = ["credentials", "storeData", "fiscalExportLedger", "demoStoreMarker"]
        /// The till's own settings (`app-settings.json`, `fiscal-settings.json`) and each register's receipt series,
        /// so numbering goes on.
        var kept = ["appSettings", "fiscalSettings", "receiptSeries"]
    }

    func run() async throws {
        let directory = try data.resolve()
        let status = await Self.logout(directory: directory, force: force, json: json)
        if status != .success { throw status.exitCode }
    }

    @MainActor
    private static func logout(directory: URL, force: Bool, json: Bool) async -> ExitStatus {
        guard let manager = try? LiveSession.open(directory) else { return .storageFailure }
        do {
            if force, let unexported = try? await manager.dispatch({ FiscalAction.loadUnexported(reply: $0) }), !unexported.isEmpty {
                Console.error(L10n.tr("cli.logout.warning.unexported", ["records": unexported.description]))
            }
            try await manager.logout(force: force)
            if json {
                do { try Console.json(Report(forced: force)) } catch { return .failure }
                return .success
            }
            Console.out(L10n.tr(force ? "cli.out.logout.forced" : "cli.out.logout"))
            return .success
        } catch {
            Console.error(error)
            return ExitStatus(error)
        }
    }
}
