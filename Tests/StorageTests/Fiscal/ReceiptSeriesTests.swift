import Foundation
import GRDB
import POSFoundation
import Testing
@testable import Storage

/// One receipt series per register: every named write that records a fiscal transaction (a sale completing, a
/// cart voided, a movement journaled) takes the register's next number in its own transaction: unique, gap-free,
/// never reused; a sale keeps the register it was opened on.
struct ReceiptSeriesTests {
    static func money(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .eur) }

    private func opened(_ database: AppDatabase, register: String? = "K2") async throws -> StoredSale {
        let sale = try await database.openSale(
            clientUUID: try #require(ClientUUID(string: UUID().uuidString.lowercased())),
            priced: StorageFixtures.pricedSale(total: 500))
        try await database.recordSaleOpening(saleId: sale.id, registerId: register, tseClient: "client-\(register ?? "")")
        return sale
    }

    private func complete(_ database: AppDatabase, _ sale: StoredSale, register: String? = "K2") async throws -> OrderRecord {
        _ = try await database.recordCashTender(saleId: sale.id, tendered: Self.money(500))
        let done = try await database.completeSale(saleId: sale.id, cashier: "Ann", register: register) { _, _, _, _ in
            CompletedOrderDraft(createPayload: "{}", total: 500)
        }
        return try #require(try await database.read { db in try OrderRecord.fetchOne(db, key: done.orderId) })
    }

    private func movement(_ database: AppDatabase, _ kind: FiscalMovementRecord.Kind, _ reference: String,
                          register: String? = "K2") async throws {
        _ = try await database.journalFiscalMovement(
            FiscalMovementRecord(kind: kind, reference: reference, tseTransactionId: UUID().uuidString, mode: "demo",
                                 receiptData: "{}", createdAt: StorageFixtures.now), registerId: register)
    }

    @Test func everyFiscalTransaction_takesTheNextNumberOfItsRegistersSeries() async throws {
        // Given
        let database = try StorageFixtures.inMemoryDatabase()

        // When a float, a sale, a voided cart, cash in, a sale, cash out, a no sale and a refund are recorded on K2
        try await movement(database, .float, "shift-1-float")
        let first = try await complete(database, try await opened(database))
        _ = try await database.voidSale(saleId: try await opened(database).id)
        try await movement(database, .cashIn, "cash-1")
        let second = try await complete(database, try await opened(database))
        try await movement(database, .cashOut, "cash-2")
        try await movement(database, .drawerOpen, "drawer-1")
        try await movement(database, .refund, "refund-1")

        // Then they are numbered 1 to 8, in that order, with no gap and no repeat
        let numbers = try await database.receiptNumbers()
        #expect(numbers.map(\.number) == Array(1...8))
        #expect(numbers.map(\.kind) == [.float, .sale, .sale, .cashIn, .sale, .cashOut, .drawerOpen, .refund])
        #expect(Set(numbers.map(\.registerId)) == ["K2"])
        // And the orders carry their Bon's number and register
        #expect(first.receiptNumber == 2 && second.receiptNumber == 5)
        #expect(first.registerId == "K2" && second.registerId == "K2")
        #expect(try await database.receiptSeries(registerId: "K2").lastNumber == 8)
    }

    @Test func aMovementJournaledTwice_keepsItsOneNumber() async throws {
        // Given
        let database = try StorageFixtures.inMemoryDatabase()
        // When the same movement is journaled again (a restart retries it)
        try await movement(database, .float, "shift-1-float")
        try await movement(database, .float, "shift-1-float")
        try await movement(database, .cashIn, "cash-1")
        // Then it was numbered once, and the next movement took the next number
        #expect(try await database.receiptNumbers().map(\.number) == [1, 2])
    }

    @Test func eachRegister_hasItsOwnSeries_andASaleKeepsTheRegisterItWasOpenedOn() async throws {
        // Given a sale opened on K2, and K9's float
        let database = try StorageFixtures.inMemoryDatabase()
        let onK2 = try await opened(database, register: "K2")
        try await movement(database, .float, "shift-1-float", register: "K9")

        // When the sale completes while the counter says K9
        let order = try await complete(database, onK2, register: "K9")

        // Then it is Bon 1 of K2 (the register it was opened on), and K9 has its float as Bon 1
        #expect(order.registerId == "K2" && order.receiptNumber == 1)
        #expect(try await database.receiptSeries(registerId: "K2").lastNumber == 1)
        #expect(try await database.receiptSeries(registerId: "K9").lastNumber == 1)
        let sale = try #require(try await database.sale(id: onK2.id)?.order)
        #expect(sale.registerId == "K2" && sale.tseClient == "client-K2")
    }

    @Test func aRefusedCompletion_takesNoNumber() async throws {
        // Given an open sale with nothing paid
        let database = try StorageFixtures.inMemoryDatabase()
        let sale = try await opened(database)
        // When completing it is refused (not covered)
        await #expect(throws: SaleWriteError.self) {
            _ = try await database.completeSale(saleId: sale.id, cashier: "", register: "K2") { _, _, _, _ in
                CompletedOrderDraft(createPayload: "{}", total: 500)
            }
        }
        // Then the series is untouched: the next transaction is still Bon 1
        #expect(try await database.receiptNumbers().isEmpty)
        _ = try await database.voidSale(saleId: sale.id)
        #expect(try await database.receiptNumbers().map(\.number) == [1])
    }

    @Test func aWipe_keepsEachRegistersSeries_soNoNumberIsGivenTwice() async throws {
        // Given K2's float and a sale, numbered 1 and 2
        let database = try StorageFixtures.inMemoryDatabase()
        try await movement(database, .float, "shift-1-float")
        _ = try await complete(database, try await opened(database))

        // When the store's data is wiped (a logout) and the counter goes on
        try await database.wipeStoreData()
        #expect(try await database.receiptNumbers().isEmpty, "the numbered transactions go with the store's data")
        let order = try await complete(database, try await opened(database))

        // Then K2's series goes on from 2: the new sale is Bon 3, not Bon 1 again
        #expect(order.receiptNumber == 3)
        #expect(try await database.receiptSeries(registerId: "K2").lastNumber == 3)
    }
}
