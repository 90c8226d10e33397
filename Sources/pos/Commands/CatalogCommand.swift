import ArgumentParser
import Composition
import Foundation
import Localization
import Networking
import POSFoundation
import Yosemite

/// `pos catalog …`: sync the store's catalog, search it and look up barcodes.
struct CatalogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: L10n.tr("cli.catalog.abstract"),
        subcommands: [CatalogSyncCommand.self, CatalogSearchCommand.self, CatalogLookupCommand.self]
    )
}

/// Opens the data directory's session for a catalog command.
enum CatalogSession {
    /// The session for a command that reads the local catalog (search, lookup): on a data directory with nothing
    /// configured, the embedded demo store's, as a plain `pos` opens it.
    @MainActor
    static func openOrDemo(directory: URL) async throws -> StoresManager {
        let manager = try open(directory: directory)
        try await LiveSession.openDemoIfUnconfigured(manager)
        return manager
    }

    /// The session as it is (`catalog sync` needs a store's site, and says "log in" without one).
    @MainActor
    static func open(directory: URL) throws -> StoresManager {
        let environment: AppEnvironment
        do {
            environment = try AppEnvironment.live(dataDirectory: directory, logger: LoggingSetup.logger())
        } catch {
            Console.openFailure(error, directory: directory)
            throw ExitStatus.storageFailure.exitCode
        }
        return StoresManager(environment: environment)
    }

    /// The store settings (the demo store's in demo mode), or nil before any store is set up.
    @MainActor
    static func settings(_ manager: StoresManager) async -> StoreSettings? {
        let status: CounterStatus? = try? await manager.dispatch { StatusAction.loadStatus(reply: $0) }
        return status?.store
    }

    /// The exit status of a catalog failure.
    static func exitStatus(_ error: CatalogError) -> ExitStatus {
        switch error {
        case .notFound, .notFoundOffline: .notFound
        case .demoStore: .success
        case .network(let error): error.isRetryable ? .siteUnreachable : .failure
        case .settings: .siteUnreachable
        case .storage: .storageFailure
        // A well-typed code whose label cannot be read (a wrong check digit or price verifier): refused, as the
        // message says why; not an invalid argument.
        case .unreadableLabel: .failure
        case .unhandled: .notLoggedIn
        }
    }
}

/// The `--json` shape of one catalog item. Stable: scripts read it.
struct CatalogItemReport: Encodable {
    var productId: Int64
    var variationId: Int64?
    var name: String
    var sku: String?
    var globalUniqueId: String?
    /// The price in the store currency's decimals ("2.20"), or as the store wrote it before any store is set
    /// up; null without a price.
    var price: String?
    /// The price in the currency's minor units, or null.
    var priceMinorUnits: Int64?
    var currency: String?
    var stockStatus: String
    var stockQuantity: Int64?
    /// The price as people read it ("2,20 €").
    private var formattedPrice: String?

    private enum CodingKeys: String, CodingKey {
        case productId, variationId, name, sku, globalUniqueId, price, priceMinorUnits, currency, stockStatus,
            stockQuantity
    }

    init(_ item: CatalogItem, settings: StoreSettings?) {
        let currency = settings?.currency
        productId = item.product.id
        variationId = item.variation?.id
        name = item.name
        sku = item.sku
        globalUniqueId = item.globalUniqueID
        let decimal = item.variation.map { $0.price } ?? item.product.price
        let money = currency.flatMap { item.price(in: $0) }
        price = money?.decimalString ?? decimal?.description
        priceMinorUnits = money?.minorUnits
        formattedPrice = settings.flatMap { settings in money.map { $0.formatted(settings.moneyFormat) } }
        self.currency = currency?.code
        stockStatus = item.variation?.stockStatus ?? item.product.stockStatus
        stockQuantity = item.variation.map { $0.stockQuantity } ?? item.product.stockQuantity
    }

    /// One line for people: name, codes, price.
    var line: String {
        let codes = [sku, globalUniqueId].compactMap { $0 }.joined(separator: " / ")
        let amount = formattedPrice ?? price.map { "\($0)\(currency.map { " \($0)" } ?? "")" } ?? L10n.tr("cli.catalog.out.noPrice")
        let stock = L10n.word(.stockStatus, stockStatus) + (stockQuantity.map { ", " + L10n.tr("cli.catalog.out.inStock", ["count": "\($0)"]) } ?? "")
        return "\(name)  [\(codes.isEmpty ? L10n.tr("cli.catalog.out.noCode") : codes)]  \(amount)  (\(stock))"
    }
}
