import Foundation
import POSFoundation
import Testing
@testable import Storage

/// The TSE journal's named writes: journal first, a signature recorded once, failures never signed later, and
/// outages opened once and ended by the next answer.
struct FiscalJournalTests {
    private func opened(_ database: AppDatabase) async throws -> Int64 {
        try await database.openSale(clientUUID: try #require(ClientUUID(string: UUID().uuidString.lowercased())),
                                    priced: StorageFixtures.pricedSale(total: 500)).id
    }

    @Test func journal_thenStartFinishSign_recordsTheSignatureOnce() async throws {
        // Given a sale journaled before its TSE start
        let database = try StorageFixtures.inMemoryDatabase()
        let sale = try await opened(database)
        let row = try await database.journalFiscalStart(saleId: sale, tseTransactionId: "tx-1", mode: "demo")
        #expect(row.state == .starting)
        // A second journal for the same sale returns the same row (a restart retries with the same id)
        #expect(try await database.journalFiscalStart(saleId: sale, tseTransactionId: "tx-2", mode: "demo").id == row.id)

        // When started, finished and signed
        try await database.recordFiscalStarted(saleId: sale, transaction: #"{"number":1}"#)
        let finishing = try await database.markFiscalFinishing(saleId: sale, receiptData: "receipt", cancel: false)
        let first = try await database.recordFiscalSignature(saleId: sale, signature: "sig-1")
        let second = try await database.recordFiscalSignature(saleId: sale, signature: "sig-2")

        // Then the first signature stays; a second is refused
        #expect(finishing?.state == .finishing)
        #expect(first && !second)
        let stored = try #require(try await database.fiscalTransaction(saleId: sale))
        #expect(stored.state == .signed && stored.signature == "sig-1" && stored.receiptData == "receipt")
        #expect(try await database.unsettledFiscalTransactions().isEmpty)
    }

    @Test func failure_opensOneOutage_neverSignedLater_endedByTheNextAnswer() async throws {
        // Given two sales whose TSE start failed
        let database = try StorageFixtures.inMemoryDatabase()
        let a = try await opened(database), b = try await opened(database)
        _ = try await database.journalFiscalStart(saleId: a, tseTransactionId: "a", mode: "live")
        _ = try await database.journalFiscalStart(saleId: b, tseTransactionId: "b", mode: "live")
        let since = Date(timeIntervalSince1970: 1_700_000_000)
        let first = try await database.recordFiscalFailure(saleId: a, cause: "no answer", since: since)
        let second = try await database.recordFiscalFailure(saleId: b, cause: "still no answer", since: since.addingTimeInterval(60))

        // Then one outage holds both, from the first failure, with its cause
        #expect(first.id == second.id && second.cause == "no answer" && second.startedAt == since)
        #expect(try await database.openFiscalOutage()?.id == first.id)
        #expect(try await database.fiscalTransaction(saleId: a)?.outageId == first.id)

        // When the TSE answers again for a third sale
        let c = try await opened(database)
        _ = try await database.journalFiscalStart(saleId: c, tseTransactionId: "c", mode: "live")
        try await database.recordFiscalStarted(saleId: c, transaction: "{}")

        // Then the outage has ended, and the failed sales are not finished or signed afterwards
        #expect(try await database.openFiscalOutage() == nil)
        #expect(try await database.fiscalOutages().first?.endedAt != nil)
        #expect(try await database.markFiscalFinishing(saleId: a, receiptData: "r", cancel: false)?.state == .failed)
        #expect(!(try await database.recordFiscalSignature(saleId: a, signature: "late")))
        #expect(try await database.fiscalTransaction(saleId: a)?.signature == nil)
        let counts = try await database.fiscalCounts()
        #expect(counts.failed == 2 && counts.unsettled == 1 && counts.outages == 1)
    }
}
