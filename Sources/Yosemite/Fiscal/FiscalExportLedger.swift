import Foundation
import POSFoundation
import Storage

/// Which closings (Kassenabschlüsse, by shift id) `pos fiscal export` has written, so `pos logout` can refuse
/// while the TSE journal holds sales no export has covered (logging out wipes it; German fiscal law asks the
/// records to be kept).
///
/// Kept in `fiscal-exports.json` in the data directory (0600, atomically) and deleted with the store's data on
/// logout, since shift ids start again in a new database.
public struct FiscalExportLedger: Codable, Hashable, Sendable {
    public static let fileName = "fiscal-exports.json"

    /// The shift ids of every closing an export has written.
    public var exportedClosings: Set<Int64> = []

    public init(exportedClosings: Set<Int64> = []) { self.exportedClosings = exportedClosings }

    public static func load(_ environment: AppEnvironment) -> FiscalExportLedger {
        (try? environment.files.read(FiscalExportLedger.self, from: environment.file(fileName))).flatMap { $0 } ?? .init()
    }

    public func save(_ environment: AppEnvironment) throws {
        try environment.files.write(self, to: environment.file(Self.fileName), permissions: FileStorage.ownerOnly)
    }

    /// This store's TSE-journaled records no export has covered: sales, and the movements signed as their own
    /// transactions (refunds, cash movements), each in the closing whose period holds it as the export writes
    /// it, or in none yet. The demo store's simulated signatures do not count (its training sales neither).
    public static func unexported(_ environment: AppEnvironment) async throws -> UnexportedFiscalRecords {
        guard !DemoStoreSeeder.hasMarkerFile(in: environment) else { return .init() }
        let demo = FiscalMode.demo.rawValue
        let journaledSales = try await environment.database.fiscalJournalSaleIds(excludingMode: demo)
        let journaledMovements = try await environment.database.fiscalJournalMovementIds(excludingMode: demo)
        guard !journaledSales.isEmpty || !journaledMovements.isEmpty else { return .init() }
        let exported = load(environment).exportedClosings
        let closings = try await environment.database.fiscalClosings(closedFrom: .distantPast, to: .distantFuture)
            .filter { exported.contains($0.shift.id ?? -1) }
        let coveredSales = Set(closings.flatMap { $0.sales.compactMap(\.sale.id) })
        let coveredMovements = Set(closings.flatMap { $0.movements.compactMap(\.id) })
        return UnexportedFiscalRecords(sales: journaledSales.subtracting(coveredSales).count,
                                       movements: journaledMovements.subtracting(coveredMovements).count)
    }
}

/// What `pos logout` would wipe of the TSE journal that no `pos fiscal export` has covered.
public struct UnexportedFiscalRecords: Hashable, Sendable {
    /// Sales (signed, cancelled, failed or still open).
    public var sales: Int = 0
    /// Refunds and cash movements, each its own TSE transaction.
    public var movements: Int = 0

    public init(sales: Int = 0, movements: Int = 0) {
        self.sales = sales
        self.movements = movements
    }

    public var total: Int { sales + movements }
    public var isEmpty: Bool { total == 0 }

    /// `2 TSE-journaled sale(s)`, `and 1 refund(s) or cash movement(s)` when there are any.
    public var description: String {
        "\(sales) TSE-journaled sale(s)" + (movements > 0 ? " and \(movements) refund(s) or cash movement(s)" : "")
    }
}
