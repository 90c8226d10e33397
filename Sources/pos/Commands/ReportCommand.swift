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
                return try await manager.dispatch { ShopReportAction.day(date: date, timeZone: .current, reply: $0) }
            } catch {
                Console.error(error)
                switch error {
                case .invalidDate: throw ExitStatus.usage.exitCode
                case .network(let network):
                    throw (network.isRetryable ? ExitStatus.siteUnreachable : ExitStatus.failure).exitCode
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
