import Foundation
import GRDB
import Hardware
import POSFoundation
import Storage
import Synchronization
import Testing
@testable import Yosemite
import YosemiteTestSupport

/// The counter's extras on a real database: customers found offline and attached, the "no sale" drawer open
/// in the shift and on the Z report, the receipt preview before payment, and a line discount on the receipt.
@MainActor
@Suite struct CounterExtrasTests {
    let directory: TestDataDirectory
    let environment: AppEnvironment
    let printer = RecordingPrinter()
    let dispatcher = Dispatcher()
    let stores: [Store]

    init() async throws {
        directory = try TestDataDirectory()
        var environment = try AppEnvironment.test(directory: directory)
        environment.printers = printer.system
        self.environment = environment
        try await SettingsRepository(database: environment.database).save(ReceiptSamples.store)
        stores = [CustomerStore(dispatcher: dispatcher, environment: environment),
                  ShiftStore(dispatcher: dispatcher, environment: environment),
                  OrderStore(dispatcher: dispatcher, environment: environment),
                  ReceiptStore(dispatcher: dispatcher, environment: environment)]
        try await environment.database.performAndSave { db in
            try CustomerRecord.upsertPage(DemoCatalog.customers, in: db)
            try ProductRecord(id: 10, name: "Espresso", sku: "ESP", price: "2.20", regularPrice: "2.20").insert(db)
            try ProductRecord(id: 11, name: "Croissant", sku: "CRO", price: "1.80", regularPrice: "1.80").insert(db)
            try TaxRateRecord(id: 1, country: "DE", rate: "19.0000", name: "MwSt.").insert(db)
            try CouponRecord(id: 9, code: "demo10", discountType: "percent", amount: "10").insert(db)
        }
    }

    static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { Array(bytes[$0..<($0 + needle.count)]) == needle }
    }

    // MARK: - Customers

    @Test func customers_searchByNameEmailPhoneNumber_offline() async throws {
        // When
        let byName: Result<[CustomerSummary], CustomerError> = await dispatcher.result { CustomerAction.search(text: "erika", limit: 5, reply: $0) }
        let byPhone: Result<[CustomerSummary], CustomerError> = await dispatcher.result { CustomerAction.search(text: "030 1234567", limit: 5, reply: $0) }
        let byNumber: Result<[CustomerSummary], CustomerError> = await dispatcher.result { CustomerAction.search(text: "#3", limit: 5, reply: $0) }
        // Then
        #expect(try byName.get().map(\.id) == [2])
        #expect(try byName.get().first?.displayName == "Erika Mustermann")
        #expect(try byPhone.get().map(\.id) == [2])
        #expect(try byNumber.get().first?.id == 3)
    }

    @Test func customers_resolve_oneMatchOrRefusedNamingTheCandidates() async throws {
        // When
        let email: Result<CustomerSummary, CustomerError> = await dispatcher.result { CustomerAction.resolve(text: "ERIKA@example.com", reply: $0) }
        let many: Result<CustomerSummary, CustomerError> = await dispatcher.result { CustomerAction.resolve(text: "mustermann", reply: $0) }
        let none: Result<CustomerSummary, CustomerError> = await dispatcher.result { CustomerAction.resolve(text: "99", reply: $0) }
        // Then
        #expect(try email.get().id == 2)
        guard case .failure(.ambiguous(_, let matches)) = many else { Issue.record("expected ambiguous, got \(many)"); return }
        #expect(Set(matches.map(\.id)) == [2, 3])
        #expect(many.failureMessage?.contains("#2 Erika Mustermann") == true)
        guard case .failure(.notFound) = none else { Issue.record("expected not found, got \(none)"); return }
    }

    @Test func sale_withCustomerAttachedThenDetached_ordersAsGuest() async throws {
        // Given
        let opened: Result<SaleSummary, OrderError> = await dispatcher.result { OrderAction.editSale(saleId: nil, edit: .add(Cart.Item(code: "ESP")), reply: $0) }
        let id = try opened.get().id
        // When
        let attached: Result<SaleSummary, OrderError> = await dispatcher.result { OrderAction.editSale(saleId: id, edit: .customer(2), reply: $0) }
        let detached: Result<SaleSummary, OrderError> = await dispatcher.result { OrderAction.editSale(saleId: id, edit: .customer(nil), reply: $0) }
        // Then
        #expect(try attached.get().cart.customerId == 2)
        #expect(try detached.get().cart.customerId == nil)
    }

    // MARK: - No sale

    @Test func openDrawer_kicksThroughThePrinter_logsInTheShift_andTheZReportCountsIt() async throws {
        // When: two no-sale opens, the first with no shift open
        let first: Result<DrawerOpenOutcome, ShiftError> = await dispatcher.result {
            ShiftAction.openDrawer(reason: "change", printer: nil, reply: $0)
        }
        let second: Result<DrawerOpenOutcome, ShiftError> = await dispatcher.result {
            ShiftAction.openDrawer(reason: "", printer: nil, reply: $0)
        }
        let report: Result<ZReport, ShiftError> = await dispatcher.result { ShiftAction.report(shiftId: nil, reply: $0) }
        // Then
        let opened = try first.get()
        #expect(opened.openedShiftId == opened.shiftId)
        #expect(try second.get().countInShift == 2)
        #expect(try second.get().openedShiftId == nil)
        let jobs = printer.jobs.withLock { $0 }
        #expect(jobs.count == 2)
        // ESC p 0: the drawer kick on pin 2, in each job
        #expect(jobs.allSatisfy { job in Self.contains(job.data, [0x1B, 0x70, 0x00]) })
        #expect(jobs.allSatisfy { job in Self.contains(job.data, Array("NO SALE".utf8)) })
        let zReport = try report.get()
        #expect(zReport.noSaleOpens == 2)
        #expect(zReport.rows { $0.decimalString }.contains { $0.label == "No sale, drawer opened" && $0.value == "2" })
    }

    @Test func openDrawer_printerDown_failsAndLogsNothing() async throws {
        // Given
        printer.failure.withLock { $0 = .printerStopped(printer: "thermal", reason: "off") }
        // When
        let result: Result<DrawerOpenOutcome, ShiftError> = await dispatcher.result {
            ShiftAction.openDrawer(reason: "", printer: nil, reply: $0)
        }
        // Then
        guard case .failure(.drawerFailed) = result else { Issue.record("expected drawerFailed, got \(result)"); return }
        #expect(result.failureMessage?.contains("did not open") == true)
        let current: Result<ShiftStatus?, ShiftError> = await dispatcher.result { ShiftAction.loadCurrent(reply: $0) }
        #expect(try current.get() == nil, "nothing logged, no shift opened")
    }

    // MARK: - Words

    @Test func cardCancelledOrAbortedAfterSilence_readsForACashier() {
        // Given the terminal cancelled, or the driver aborted after the terminal went silent
        let error = CardPaymentError.declined(CardReaderError(phase: .authorization, underlying: .aborted))
        // Then the cashier reads what happened, not "Payment failed: cancelled."
        #expect(error.message == "Not charged: the card payment was cancelled (at the terminal, or because the terminal stopped answering).")
        #expect(!error.description.contains("failed: cancelled"))
        #expect(error.description.hasSuffix("Try again."))
    }

    // MARK: - Receipt preview

    @Test func previewSale_withCoupon_showsLinesCouponTaxesAndTotal_notPaid() async throws {
        // Given an open sale with a coupon
        let opened: Result<SaleSummary, OrderError> = await dispatcher.result {
            OrderAction.openSale(cart: Cart(items: [Cart.Item(code: "ESP", quantity: 2), Cart.Item(code: "CRO")],
                                            couponCodes: ["demo10"]), reply: $0)
        }
        let sale = try opened.get()
        // When
        let preview: Result<ReceiptPreview, ReceiptError> = await dispatcher.result { ReceiptAction.previewSale(saleId: sale.id, width: 42, reply: $0) }
        // Then: the same total the checkout priced, the coupon and the tax line, no payment, no order number
        let text = try preview.get().rendered.text(width: 42)
        #expect(text.contains("PREVIEW - NOT PAID"))
        #expect(text.contains("Coupon demo10"))
        #expect(text.contains("MwSt."))
        #expect(text.contains(sale.total.decimalString.replacingOccurrences(of: ".", with: ",")) || text.contains(sale.total.decimalString))
        #expect(!text.contains("Cash"))
        #expect(try preview.get().rendered.document.blocks.contains { if case .drawerKick = $0 { true } else { false } } == false)
        let orders: Result<[LocalOrder], OrderError> = await dispatcher.result { OrderAction.listOrders(filter: .init(), reply: $0) }
        #expect(try orders.get().isEmpty, "a preview writes no order")
    }

    @Test func saleReceipt_withLineDiscount_printsTheDiscountUnderTheLineAndInTheTotals() async throws {
        // Given a sale with 10 % off the espresso line, paid in cash
        let opened: Result<SaleSummary, OrderError> = await dispatcher.result {
            OrderAction.openSale(cart: Cart(items: [Cart.Item(code: "ESP", quantity: 2, discount: .percent(PreciseAmount(decimalText: "10")!)),
                                                    Cart.Item(code: "CRO")]), reply: $0)
        }
        let sale = try opened.get()
        let preview: Result<ReceiptPreview, ReceiptError> = await dispatcher.result { ReceiptAction.previewSale(saleId: sale.id, width: 42, reply: $0) }
        // Then
        let lines = try preview.get().rendered.text(width: 42).split(separator: "\n").map(String.init)
        let espresso = try #require(lines.firstIndex { $0.contains("Espresso") })
        // 10 % of 2 × 2,20 € = 0,44 €, under the line and in the totals
        #expect(lines.dropFirst(espresso).prefix(3).contains { $0.contains("Discount") && $0.contains("-0,44") }, "lines: \(lines)")
        #expect(lines.contains { $0.hasPrefix("Discount") && $0.contains("-0,44") }, "lines: \(lines)")
    }
}

extension Result {
    /// The failure's user-facing message, if it failed with one.
    var failureMessage: String? {
        if case .failure(let error) = self { return (error as? any UserFacingError)?.message }
        return nil
    }
}
