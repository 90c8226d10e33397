import Foundation
import GRDB
import POSFoundation
import Testing
@testable import Storage

/// The customer search the counter's F6 and `pos customers search` use: offline, over the local copy.
struct CustomerSearchTests {
    private func database() async throws -> AppDatabase {
        let database = try StorageFixtures.inMemoryDatabase()
        try await database.performAndSave { db in
            try CustomerRecord.upsertPage([
                CustomerRecord(id: 2, email: "erika@example.com", firstName: "Erika", lastName: "Mustermann",
                               username: "erika", phone: "+49 30 1234567"),
                CustomerRecord(id: 3, email: "max.mustermann@example.com", firstName: "Max", lastName: "Mustermann",
                               username: "max", phone: "040/7654321"),
                CustomerRecord(id: 4, email: "joerg@example.org", firstName: "Jörg", lastName: "Schäfer", phone: ""),
                CustomerRecord(id: 42, email: "shop@example.net", firstName: "", lastName: "", phone: "0221 998877"),
            ], in: db)
        }
        return database
    }

    @Test func search_byNameWordPrefixes_findsThePerson() async throws {
        let database = try await database()
        // When
        let both = try await database.searchCustomers("muster", limit: 10)
        let one = try await database.searchCustomers("eri must", limit: 10)
        // Then
        #expect(Set(both.map(\.id)) == [2, 3])
        #expect(one.map(\.id) == [2])
    }

    @Test func search_byEmail_andWithoutDiacritics() async throws {
        let database = try await database()
        // When / Then
        #expect(try await database.searchCustomers("erika@example.com", limit: 10).map(\.id) == [2])
        #expect(try await database.searchCustomers("max.muster", limit: 10).map(\.id) == [3])
        #expect(try await database.searchCustomers("schafer", limit: 10).map(\.id) == [4])
    }

    @Test func search_byPhone_ignoresSeparatorsAndLeadingZeros() async throws {
        let database = try await database()
        // When / Then: typed as the customer says it, stored as the customer entered it
        #expect(try await database.searchCustomers("030 1234567", limit: 10).map(\.id) == [2])
        #expect(try await database.searchCustomers("7654321", limit: 10).map(\.id) == [3])
        #expect(try await database.searchCustomers("0221-998877", limit: 10).map(\.id) == [42])
    }

    @Test func search_byCustomerNumber_findsItFirst() async throws {
        let database = try await database()
        // When / Then
        #expect(try await database.searchCustomers("#42", limit: 10).first?.id == 42)
        #expect(try await database.searchCustomers("3", limit: 10).first?.id == 3)
    }

    @Test func search_ftsSyntaxOrNothing_isPlainTextOrEmpty() async throws {
        let database = try await database()
        // When / Then
        #expect(try await database.searchCustomers("\"NEAR(", limit: 10).isEmpty)
        #expect(try await database.searchCustomers("   ", limit: 10).isEmpty)
        #expect(try await database.searchCustomers("nobody", limit: 10).isEmpty)
    }

    @Test func search_followsUpdatesAndDeletesOfTheCopy() async throws {
        let database = try await database()
        // When: the next sync renames one customer and drops another
        try await database.performAndSave { db in
            try CustomerRecord.upsertPage([CustomerRecord(id: 2, email: "erika@example.com", firstName: "Erika",
                                                          lastName: "Gabler", phone: "+49 30 1234567")], in: db)
            _ = try CustomerRecord.deleteAll(notIn: [2, 4, 42], in: db)
        }
        // Then
        try await database.performAndSave { db in
            try db.execute(sql: "INSERT INTO customerSearch(customerSearch) VALUES('integrity-check')")
        }
        #expect(try await database.searchCustomers("gabler", limit: 10).map(\.id) == [2])
        #expect(try await database.searchCustomers("mustermann", limit: 10).isEmpty)
    }

    @Test func wipeStoreData_leavesNoCustomerToFind() async throws {
        let database = try await database()
        // When
        try await database.wipeStoreData()
        // Then: the index follows the table
        #expect(try await database.searchCustomers("muster", limit: 10).isEmpty)
        // (FTS5's integrity-check fails when the index holds rows the customer table no longer has)
        try await database.performAndSave { db in
            try db.execute(sql: "INSERT INTO customerSearch(customerSearch) VALUES('integrity-check')")
        }
    }

    @Test func drawerOpening_withNoShiftOpen_opensOneAndIsListedInIt() async throws {
        let database = try StorageFixtures.inMemoryDatabase()
        // When
        let first = try await database.recordDrawerOpening(cashier: "Ana", reason: "change", printer: "file",
                                                            approvedBy: nil, currency: .eur, at: StorageFixtures.now)
        let second = try await database.recordDrawerOpening(cashier: "Ana", reason: "", printer: "file",
                                                             approvedBy: nil, currency: .eur, at: StorageFixtures.now)
        // Then
        #expect(first.openedShiftId != nil)
        #expect(second.openedShiftId == nil)
        #expect(second.opening.shiftId == first.opening.shiftId)
        let listed = try await database.drawerOpenings(shiftId: first.opening.shiftId)
        #expect(listed.map(\.reason) == ["change", ""])
        #expect(listed.allSatisfy { $0.approvedBy == nil })
    }
}
