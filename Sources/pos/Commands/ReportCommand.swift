import ArgumentParser
import Foundation
import Localization
import Networking
import Yosemite

/// `pos report [--date YYYY-MM-DD] [--json]`: the shop's day from WooCommerce (online), per register and cashier.
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: L10n.tr("cli.report.abstract"),
        discussion: L10n.tr("cli.report.discussion")
    )

    @OptionGroup var data: DataDirectoryOptions
    @Option(help: .tr("cli.report.date.help")) var date: String?
    @Flag(help: .tr("cli.common.json.help")) var json = false

    @MainActor
    func run() async throws {
        let date = date
        let report = try await OrderCommandSupport.withStores(data: data) { manager, _ in
            do throws(ShopReportError) {
                return try await manager.dispatch { ShopReportAction.day(date: date, timeZone: LocalTime.zone, reply: $0) }
            } catch {
                switch error {
                case .invalidDate:
                    Console.error(error)
                    throw ExitStatus.usage.exitCode
                case .network(let network):
                    Console.error(error)
                    throw (network.isRetryable ? ExitStatus.siteUnreachable : ExitStatus.failure).exitCode
                case .unhandled where manager.isDemo:
                    // The report sums WooCommerce's orders; the demo store has no site, so no store handles it.
                    Console.error(L10n.tr("cli.report.demo"))
                    FileHandle.standardError.write(Data(("  " + L10n.tr("cli.report.demo.hint") + "\n").utf8))
                    throw ExitStatus.notLoggedIn.exitCode
                case .unhandled:
                    Console.error(error)
                    throw ExitStatus.notLoggedIn.exitCode
                }
            }
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            Console.out(String(decoding: try encoder.encode(report), as: UTF8.self))
            return
        }
        Console.out(L10n.tr("cli.report.out.heading", ["date": "\(report.date)", "timeZone": "\(report.timeZone)", "currency": "\(report.currency)"]))
        func line(_ label: String, _ totals: ShopDayReport.Totals) -> String {
            label + "\t" + L10n.tr("cli.report.out.totals", [
                "orders": "\(totals.orders)", "gross": "\(totals.gross)", "cash": "\(totals.cash)", "card": "\(totals.card)",
                "refunds": "\(totals.refunds)",
            ])
        }
        for register in report.registers {
            Console.out(line(L10n.tr("cli.report.out.register", ["register": register.register.isEmpty ? "-" : register.register]), register.totals))
            for cashier in register.cashiers {
                Console.out(line("  \(cashier.cashier.isEmpty ? "-" : cashier.cashier)", cashier.totals))
            }
        }
        Console.out(line(L10n.tr("cli.report.out.shop"), report.total))
    }
}
