import ArgumentParser
import Foundation
import POSFoundation
import Yosemite

/// `pos _sync-test-sales`: hidden; queues synthetic cash sales exactly as a sale does, for the crash script
/// (scripts/crash-sync.sh) on a branch without `pos sell`. Not for counters.
struct SyncTestSalesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "_sync-test-sales",
        abstract: "Queue synthetic sales for sync tests.",
        shouldDisplay: false
    )

    @OptionGroup var data: DataDirectoryOptions

    @Option(help: "How many sales.")
    var count = 10

    @Option(help: "A line as PRODUCT_ID:NET:TAX in decimal currency units, e.g. 42:25.00:0 (repeatable).")
    var line: [String] = []

    @Option(help: "The currency code and decimals, e.g. EUR:2.")
    var currency = "EUR:2"

    @MainActor
    func run() async throws {
        let directory = try data.resolve()
        let environment = try AppEnvironment.live(dataDirectory: directory, logger: LoggingSetup.logger())
        let parts = currency.split(separator: ":")
        guard parts.count == 2, let exponent = Int(parts[1]) else { throw ValidationError("--currency is CODE:DECIMALS") }
        let currency = Currency(code: String(parts[0]), exponent: exponent)
        let lines = try line.map { text -> OutboxSaleWriter.Line in
            let fields = text.split(separator: ":").map(String.init)
            guard fields.count == 3, let id = Int64(fields[0]) else { throw ValidationError("--line is ID:NET:TAX") }
            let net = try Money(parsing: fields[1], currency: currency).minorUnits
            let tax = try Money(parsing: fields[2], currency: currency).minorUnits
            return OutboxSaleWriter.Line(productId: id, net: net, tax: tax)
        }
        guard !lines.isEmpty else { throw ValidationError("give at least one --line") }
        let writer = OutboxSaleWriter(database: environment.database, uuid: environment.uuid, currency: currency)
        try await writer.recordCashSales(lines, count: count, saleTime: environment.now())
        Console.out("queued \(count) sales")
    }
}
