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

    /// How many of this store's TSE-journaled sales no export has covered: those in closings never exported,
    /// and those in no closing yet (the open shift, sales voided since the last close). The demo store's
    /// simulated signatures are not fiscal records and do not count.
    public static func unexportedSaleCount(_ environment: AppEnvironment) async throws -> Int {
        let journaled = try await environment.database.fiscalJournalSaleIds(excludingMode: FiscalMode.demo.rawValue)
        guard !journaled.isEmpty else { return 0 }
        let exported = load(environment).exportedClosings
        let closings = try await environment.database.fiscalClosings(closedFrom: .distantPast, to: .distantFuture)
        let covered = Set(closings.filter { exported.contains($0.shift.id ?? -1) }.flatMap { $0.sales.compactMap(\.sale.id) })
        return journaled.subtracting(covered).count
    }
}
