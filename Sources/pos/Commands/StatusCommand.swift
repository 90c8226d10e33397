import ArgumentParser
import Foundation
import Localization
import POSFoundation
import Storage
import Yosemite

/// `pos status`: which store this counter sells for, and whether everything is safe on the server.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: L10n.tr("cli.status.abstract")
    )

    @OptionGroup var data: DataDirectoryOptions

    @Flag(help: .tr("cli.common.json.help"))
    var json = false

    func run() async throws {
        let directory = try data.resolve()
        let status = try await Self.load(directory: directory, openDemo: false)
        try Self.print(status, directory: directory, json: json)
    }

    /// Opens the data directory and loads its status. The whole database is checked first (SQLite's
    /// `PRAGMA quick_check` over every page, catalog included, as the counter does at its start): status is where a
    /// merchant looks, so damage anywhere in the file is reported here (exit 9, naming the file and the way back)
    /// rather than surfacing later in the middle of a sale.
    @MainActor
    static func load(directory: URL, openDemo: Bool) async throws -> CounterStatus {
        let manager = try LiveSession.open(directory, integrity: .everything)
        do {
            if openDemo && !manager.isAuthenticated {
                _ = try await manager.dispatch { AccountAction.openDemoStore(reply: $0) }
            }
            return try await manager.dispatch { StatusAction.loadStatus(reply: $0) }
        } catch let error as AccountError {
            Console.error(error)
            throw ExitStatus(error).exitCode
        } catch let error as SettingError {
            Console.error(error)
            throw ExitStatus.storageFailure.exitCode
        }
    }

    static func print(_ status: CounterStatus, directory: URL, json: Bool) throws {
        if json {
            try Console.json(StatusReport(status, directory: directory))
            return
        }
        switch status.mode {
        case .unconfigured:
            Console.out(L10n.tr("cli.out.status.notLoggedIn"))
        case .demo:
            Console.out(L10n.tr("cli.out.status.demo", ["store": status.store?.storeName ?? L10n.tr("cli.out.status.demoStore")]))
        case .store:
            Console.out(L10n.tr("cli.out.status.store", ["store": status.store?.storeName ?? "?", "site": status.account?.siteURL ?? "?"]))
            Console.out(L10n.tr("cli.out.status.user", ["user": status.account?.username ?? "?"]))
        }
        if let store = status.store {
            Console.out(L10n.tr("cli.out.status.currency", ["code": store.currency.code, "decimals": String(store.currency.exponent), "example": Money(minorUnits: 123_456, currency: store.currency).formatted(store.moneyFormat)]))
        }
        let payments = String(status.unresolvedPayments)
        Console.out(status.mode == .demo
            ? L10n.tr("cli.out.status.unsynced.demo", ["sales": L10n.plural("cli.out.status.sales", count: status.unsyncedOrders), "payments": payments])
            : L10n.tr("cli.out.status.unsynced", ["orders": L10n.plural("cli.out.status.orders", count: status.unsyncedOrders),
                                                  "entries": L10n.plural("cli.out.status.entries", count: status.unsyncedEntries),
                                                  "payments": payments]))
        if let outage = status.fiscalOutage {
            Console.out(L10n.tr("cli.out.status.tseOutage", ["since": FiscalQRCode.isoTime(outage.since), "cause": outage.causeText()]))
        }
        if status.training { Console.out(L10n.tr("cli.out.status.training")) }
        Console.out(L10n.tr("cli.out.status.data", ["path": directory.path]))
    }
}

/// The `--json` shape of `pos status`. Stable: scripts read it.
struct StatusReport: Encodable {
    struct Store: Encodable {
        var name: String
        var url: String
        var currency: String
        var decimals: Int
        var pricesIncludeTax: Bool
    }

    var mode: String
    var dataDirectory: String
    var username: String?
    var store: Store?
    var unsyncedEntries: Int
    var unsyncedOrders: Int
    var unresolvedPayments: Int
    /// The open TSE outage: `since` (ISO 8601 UTC) and `cause`; absent when there is none.
    var tseOutage: [String: String]?
    /// The register is in training: sales opened now are training sales (never synced, not takings).
    var training: Bool

    init(_ status: CounterStatus, directory: URL) {
        mode = status.mode.rawValue
        dataDirectory = directory.path
        username = status.account?.username
        store = status.store.map {
            Store(name: $0.storeName, url: $0.siteURL, currency: $0.currency.code, decimals: $0.currency.exponent,
                  pricesIncludeTax: $0.taxes.pricesIncludeTax)
        }
        unsyncedEntries = status.unsyncedEntries
        unsyncedOrders = status.unsyncedOrders
        unresolvedPayments = status.unresolvedPayments
        tseOutage = status.fiscalOutage.map { ["since": FiscalQRCode.isoTime($0.since), "cause": $0.causeText()] }
        training = status.training
    }
}
