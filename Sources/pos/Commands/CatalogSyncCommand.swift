import ArgumentParser
import Foundation
import Localization
import POSFoundation
import Yosemite

/// `pos catalog sync`: pull products, variations, categories, taxes, coupons and customers into the counter.
struct CatalogSyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: L10n.tr("cli.catalogSync.abstract"),
        discussion: """
            The first sync is full; later ones fetch only what changed and, every few hours, remove what was \
            deleted upstream. --full fetches everything and removes what is gone now. Progress goes to \
            standard error: a bar on a terminal, lines otherwise.
            """
    )

    @OptionGroup var data: DataDirectoryOptions

    @Flag(help: .tr("cli.catalogSync.full.help"))
    var full = false

    @Flag(help: .tr("cli.catalogSync.json.help"))
    var json = false

    func run() async throws {
        try await Self.sync(full: full, directory: try data.resolve(), json: json)
    }

    @MainActor
    static func sync(full: Bool, directory: URL, json: Bool) async throws {
        let manager = try CatalogSession.open(directory: directory)
        guard manager.isAuthenticated else {
            let status = try? await manager.dispatch { StatusAction.loadStatus(reply: $0) }
            if status?.mode == .demo {
                Console.out(
                    "DEMO — the demo store's catalog is built in; there is nothing to sync. `pos login` connects a real store."
                )
                return
            }
            Console.error(L10n.tr("cli.error.notLoggedIn.login"))
            throw ExitStatus.notLoggedIn.exitCode
        }
        let (stream, continuation) = AsyncStream<CatalogSyncProgress>.makeStream()
        let printer = Task.detached { await CatalogProgressPrinter().print(stream) }
        let result: Result<CatalogSyncReport, CatalogError>
        do throws(CatalogError) {
            result = .success(try await manager.dispatch { CatalogSyncAction.synchronize(full: full, progress: continuation, reply: $0) })
        } catch {
            result = .failure(error)
        }
        await printer.value
        switch result {
        case .success(let report):
            if json {
                try Console.json(report)
            } else {
                Console.out(
                    """
                    Catalog synced (\(report.mode.rawValue)): \(report.productsStored) products, \
                    \(report.variationsStored) variations stored, \(report.productsRemoved) removed; \
                    \(report.categories) categories, \(report.taxRates) tax rates, \(report.coupons) coupons, \
                    \(report.customers) customers\(report.retries > 0 ? "; \(report.retries) requests retried" : "").
                    """)
            }
        case .failure(let error):
            Console.error(error)
            throw CatalogSession.exitStatus(error).exitCode
        }
    }
}
