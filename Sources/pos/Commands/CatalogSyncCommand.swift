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
        discussion: L10n.tr("cli.catalogSync.discussion")
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
                Console.out(L10n.tr("cli.catalogSync.out.demo"))
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
                let counts: KeyValuePairs<String, String> = [
                    "mode": L10n.word(.catalogMode, report.mode.rawValue), "products": "\(report.productsStored)",
                    "variations": "\(report.variationsStored)", "removed": "\(report.productsRemoved)",
                    "categories": "\(report.categories)", "taxRates": "\(report.taxRates)", "coupons": "\(report.coupons)",
                    "customers": "\(report.customers)", "retries": "\(report.retries)",
                ]
                Console.out(L10n.tr(report.retries > 0 ? "cli.catalogSync.out.synced.retried" : "cli.catalogSync.out.synced", counts))
            }
        case .failure(let error):
            Console.error(error)
            throw CatalogSession.exitStatus(error).exitCode
        }
    }
}
