import Foundation
import GRDB
import POSFoundation
import Testing
@testable import Storage

struct RecordRoundTripTests {
    private let now = StorageFixtures.now

    @Test func catalogRecords_savedAndFetched_areEqual() async throws {
        // Given
        let database = try StorageFixtures.inMemoryDatabase()
        let product = ProductRecord(
            id: 10, name: "T-shirt", slug: "t-shirt", type: "variable", status: "publish", sku: "TS",
            globalUniqueId: "4006381333931", price: "19.999", regularPrice: "24.00", salePrice: "19.999",
            priceMinorUnits: 2000, taxStatus: "taxable", taxClass: "reduced-rate", manageStock: true,
            stockQuantity: -2, stockStatus: "onbackorder", purchasable: true, imageURL: "https://x/t.jpg",
            dateModified: now)
        let variation = ProductVariationRecord(
            id: 11, productId: 10, name: "T-shirt – L", attributes: [.init(name: "Size", option: "L")], sku: "TS-L",
            globalUniqueId: "0012345678905", price: "19.50", priceMinorUnits: 1950, taxClass: "parent",
            manageStock: true, stockQuantity: 3, menuOrder: 2, dateModified: now)
        let category = ProductCategoryRecord(id: 3, name: "Clothes", slug: "clothes", parentId: 0, menuOrder: 1)
        let link = ProductCategoryLinkRecord(productId: 10, categoryId: 3)
        let customer = CustomerRecord(
            id: 5, email: "ann@example.com", firstName: "Ann", lastName: "Lee", username: "ann", phone: "+49 1",
            billingAddress: .init(firstName: "Ann", city: "Berlin", country: "DE", email: "ann@example.com"),
            shippingAddress: nil, dateModified: now)
        let coupon = CouponRecord(
            id: 8, code: "SUMMER10", discountType: "percent", amount: "10.00", individualUse: true,
            productIds: [10], excludedProductCategories: [4], emailRestrictions: ["*@example.com"],
            minimumAmount: "5.00", usageLimit: 100, usageCount: 3, dateExpires: now, dateModified: now)
        let rate = TaxRateRecord(
            id: 1, country: "DE", postcodes: ["10115"], cities: ["BERLIN"], rate: "19.0000", name: "MwSt",
            priority: 1, compound: false, shipping: true, position: 0, taxClass: "standard")
        let taxClass = TaxClassRecord(slug: "reduced-rate", name: "Reduced rate")
        let setting = SettingRecord(key: "woocommerce_currency", scope: .store, value: "EUR")
        let syncState = SyncStateRecord(resource: "products", lastIncrementalSyncAt: now, lastFullSyncAt: nil, highWaterMark: now)

        // When
        try await database.performAndSave { db in
            try product.insert(db)
            try variation.insert(db)
            try category.insert(db)
            try link.insert(db)
            try customer.insert(db)
            try coupon.insert(db)
            try rate.insert(db)
            try taxClass.insert(db)
            try setting.insert(db)
            try syncState.insert(db)
        }

        // Then
        try await database.read { (db: Database) throws in
            #expect(try ProductRecord.fetchOne(db, key: 10) == product)
            #expect(try ProductVariationRecord.fetchOne(db, key: 11) == variation)
            #expect(try ProductCategoryRecord.fetchOne(db, key: 3) == category)
            #expect(try ProductCategoryLinkRecord.fetchAll(db) == [link])
            #expect(try CustomerRecord.fetchOne(db, key: 5) == customer)
            #expect(try CouponRecord.fetchOne(db, key: 8) == coupon)
            #expect(try CouponRecord.find(code: " summer10 ", in: db) == coupon)
            #expect(try TaxRateRecord.fetchOne(db, key: 1) == rate)
            #expect(try TaxClassRecord.fetchOne(db, key: "reduced-rate") == taxClass)
            #expect(try SettingRecord.fetchOne(db, key: "woocommerce_currency") == setting)
            #expect(try SyncStateRecord.find("products", in: db) == syncState)
            #expect(try SyncStateRecord.find("coupons", in: db) == SyncStateRecord(resource: "coupons"))
        }
    }

    @Test func orderRecords_savedAndFetched_areEqual() async throws {
        // Given
        let database = try StorageFixtures.inMemoryDatabase()
        let now = self.now

        // When
        let saved = try await database.performAndSave { db in
            var order = StorageFixtures.order()
            order.remoteNumber = "1042"
            order.customerNote = "No bag"
            try order.insert(db)
            let orderId = try #require(order.id)
            var line = OrderLineRecord(
                orderId: orderId, position: 0, productId: 10, variationId: 11, name: "T-shirt – L", sku: "TS-L",
                quantity: 2, unitPrice: 500, subtotal: 1000, subtotalTax: 160, total: 900, totalTax: 144,
                taxClass: "", taxes: [.init(rateId: 1, subtotal: 160, total: 144)])
            var fee = OrderFeeRecord(orderId: orderId, name: "Bag", total: 10, totalTax: 2)
            var coupon = OrderCouponRecord(orderId: orderId, code: "summer10", discount: 100, discountTax: 16)
            var tax = OrderTaxRecord(orderId: orderId, rateId: 1, rateCode: "DE-MWST-1", label: "MwSt", ratePercent: "19.0000", taxTotal: 146)
            var payment = PaymentRecord(
                orderId: orderId, method: .card, amount: Money(minorUnits: 910, currency: .eur),
                transactionId: "T-1", cardBrand: "VISA", cardLast4: "4242", terminalReceiptNumber: "0042",
                terminalTraceNumber: "000123", journalAttemptId: "A-1", createdAt: now)
            var receipt = ReceiptRecord(
                orderId: orderId, kind: .sale, width: 42, renderedText: "TOTAL 9.10", escposBytes: Data([0x1B, 0x40]),
                printer: "thermal", printState: .printed, createdAt: now, printedAt: now)
            let journal = PaymentJournalRecord(
                attemptId: "A-1", orderId: orderId, readerId: "sim://", amount: Money(minorUnits: 910, currency: .eur),
                state: .approved, result: #"{"resultCode":0,"last4":"4242"}"#, startedAt: now, resolvedAt: now)
            try line.insert(db)
            try fee.insert(db)
            try coupon.insert(db)
            try tax.insert(db)
            try payment.insert(db)
            try receipt.insert(db)
            try journal.insert(db)
            let outbox = try OutboxRecord.enqueue(.createOrder, orderId: orderId, entityId: order.clientUUID.description, payload: #"{"a":1}"#, in: db)
            return (order, line, fee, coupon, tax, payment, receipt, journal, outbox)
        }

        // Then
        try await database.read { (db: Database) throws in
            #expect(try OrderRecord.fetchOne(db, key: saved.0.id) == saved.0)
            #expect(try OrderRecord.find(clientUUID: saved.0.clientUUID, in: db) == saved.0)
            #expect(try OrderLineRecord.fetchOne(db, key: saved.1.id) == saved.1)
            #expect(try OrderFeeRecord.fetchOne(db, key: saved.2.id) == saved.2)
            #expect(try OrderCouponRecord.fetchOne(db, key: saved.3.id) == saved.3)
            #expect(try OrderTaxRecord.fetchOne(db, key: saved.4.id) == saved.4)
            #expect(try PaymentRecord.fetchOne(db, key: saved.5.id) == saved.5)
            #expect(try ReceiptRecord.fetchOne(db, key: saved.6.id) == saved.6)
            #expect(try PaymentJournalRecord.fetchOne(db, key: "A-1") == saved.7)
            #expect(try OutboxRecord.fetchOne(db, key: saved.8.id) == saved.8)
            #expect(saved.8.createdAt == now)
            let lines = try saved.0.request(for: OrderRecord.lines).fetchAll(db)
            #expect(lines == [saved.1])
        }
        #expect(saved.0.totalMoney == Money(minorUnits: 1000, currency: .eur))
        #expect(saved.5.amountMoney == Money(minorUnits: 910, currency: .eur))
    }

    @Test func payment_withMoreThanLastFourDigits_isRefused() async throws {
        // Given
        let database = try StorageFixtures.inMemoryDatabase()
        let now = self.now

        // When
        let error = await #expect(throws: StorageError.self) {
            try await database.performAndSave { db in
                var order = StorageFixtures.order()
                try order.insert(db)
                var payment = PaymentRecord(
                    orderId: try #require(order.id), method: .card, amount: Money(minorUnits: 1, currency: .eur),
                    cardLast4: "4111111111111111", createdAt: now)
                try payment.insert(db)
            }
        }

        // Then
        #expect(error?.code == .constraintViolation)
        #expect(try await database.read { db in try OrderRecord.fetchCount(db) } == 0)
    }

    @Test(arguments: [#"{"pan":"4111111111111111"}"#, #"{"card":{"Expiry_Date":"2712"}}"#, #"[{"track2":"x"}]"#])
    func journal_resultWithCardData_isRefused(result: String) async throws {
        // Given
        let database = try StorageFixtures.inMemoryDatabase()
        let entry = PaymentJournalRecord(
            attemptId: "A", readerId: "sim://", amount: Money(minorUnits: 1, currency: .eur), result: result,
            startedAt: now)

        // When
        let error = await #expect(throws: StorageError.self) {
            try await database.performAndSave { db in try entry.insert(db) }
        }

        // Then
        #expect(error?.code == .constraintViolation)
    }

    @Test func allocateLocalNumber_afterWipe_neverReusesANumber() async throws {
        // Given
        let database = try StorageFixtures.inMemoryDatabase()
        let first = try await database.performAndSave { db in
            let number = try OrderRecord.allocateLocalNumber(in: db)
            var order = StorageFixtures.order(localNumber: number)
            try order.insert(db)
            return number
        }

        // When
        try await database.wipeStoreData()
        let second = try await database.performAndSave { db in try OrderRecord.allocateLocalNumber(in: db) }

        // Then
        #expect(first == 1)
        #expect(second == 2)
    }
}
