import Foundation
import POSFoundation
import Storage
import Synchronization
import Testing
import TSESimulator
@testable import Yosemite
import YosemiteTestSupport

/// A signer that counts the StartTransaction calls that reach the TSE.
final class CountingFiscalSigner: FiscalSigner {
    let base: SimulatedFiscalSigner
    private let starts = Mutex(0)

    init(base: SimulatedFiscalSigner) { self.base = base }

    var startCount: Int { starts.withLock { $0 } }

    func start(_ request: FiscalStartRequest) async throws(FiscalError) -> FiscalTransaction {
        starts.withLock { $0 += 1 }
        return try await base.start(request)
    }

    func update(_ transaction: FiscalTransaction, receipt: FiscalReceiptData) async throws(FiscalError) -> FiscalTransaction {
        try await base.update(transaction, receipt: receipt)
    }

    func finish(_ transaction: FiscalTransaction, receipt: FiscalReceiptData) async throws(FiscalError) -> FiscalSignature {
        try await base.finish(transaction, receipt: receipt)
    }

    func cancel(_ transaction: FiscalTransaction, kind: FiscalReceiptType) async throws(FiscalError) -> FiscalSignature {
        try await base.cancel(transaction, kind: kind)
    }

    func identity() async throws(FiscalError) -> FiscalTSEIdentity { try await base.identity() }
}

/// During an open TSE outage the checkout tries the TSE at most once per probe interval (on the injected
/// clock); the sales in between go on at once, failed in the open outage, and are never signed afterwards.
@Suite("fiscal outage probe")
struct FiscalOutageProbeTests {
    let data: TestDataDirectory
    let environment: AppEnvironment
    let clock: ManualClock
    let signer: CountingFiscalSigner

    init() throws {
        data = try TestDataDirectory()
        var environment = try AppEnvironment.test(directory: data)
        let signer = CountingFiscalSigner(base: SimulatedFiscalSignerFactory.make())
        environment.makeFiscalSigner = { _ in signer }
        environment.fiscalProbe = FiscalOutageProbe(interval: .seconds(60))
        self.environment = environment
        self.signer = signer
        clock = try #require(environment.clock as? ManualClock)
    }

    /// Opens a sale and runs the checkout's TSE start for it, as `SaleService` does.
    func openSale() async throws -> Int64 {
        let stored = try await environment.database.openSale(
            clientUUID: environment.uuid.client(),
            priced: PricedSale(order: OrderRecord(clientUUID: environment.uuid.client(), localNumber: 0, currency: .eur,
                                                  pricesIncludeTax: true, createdAt: environment.now())))
        await FiscalCheckout(environment: environment).saleOpened(saleId: stored.id, clientUUID: stored.order.clientUUID)
        return stored.id
    }

    func state(_ saleId: Int64) async throws -> FiscalTransactionRecord.State? {
        try await environment.database.fiscalTransaction(saleId: saleId)?.state
    }

    @Test("sales during an outage skip the TSE between probes, are failed in the outage, and the probe that answers ends it")
    func outage_probedOncePerInterval_salesGoOn() async throws {
        defer { data.remove() }
        // Given a TSE that stops answering: the first sale tries it and opens the outage
        signer.base.tse.isDown = true
        let first = try await openSale()
        #expect(signer.startCount == 1)
        #expect(try await state(first) == .failed)
        let outage = try #require(try await environment.database.openFiscalOutage())

        // When three more sales open before the probe interval has passed
        var skipped: [Int64] = []
        for _ in 0..<3 { skipped.append(try await openSale()) }
        // Then none reaches the TSE; each is failed in the same open outage with its cause
        #expect(signer.startCount == 1)
        for id in skipped {
            let row = try #require(try await environment.database.fiscalTransaction(saleId: id))
            #expect(row.state == .failed && row.outageId == outage.id && row.error == outage.cause)
        }

        // When the interval passes: the next sale probes (still down), the one after skips again
        clock.advance(by: .seconds(60))
        let probe = try await openSale()
        let afterProbe = try await openSale()
        #expect(signer.startCount == 2)
        #expect(try await state(probe) == .failed)
        #expect(try await state(afterProbe) == .failed)

        // When the TSE is back but the interval has not passed: the sale still goes on failed in the outage
        signer.base.tse.isDown = false
        let beforeNextProbe = try await openSale()
        #expect(signer.startCount == 2)
        #expect(try await state(beforeNextProbe) == .failed)
        #expect(try await environment.database.openFiscalOutage() != nil)

        // When the interval passes again: the probing sale is signed and the outage gets its end
        clock.advance(by: .seconds(60))
        let signedSale = try await openSale()
        #expect(signer.startCount == 3)
        #expect(try await state(signedSale) == .active)
        #expect(try await environment.database.openFiscalOutage() == nil)
        let outages = try await environment.database.fiscalOutages()
        #expect(outages.count == 1 && outages[0].endedAt != nil)

        // Then with no outage open every sale goes to the TSE again, and the failed ones are never signed
        let next = try await openSale()
        #expect(signer.startCount == 4)
        #expect(try await state(next) == .active)
        await FiscalCheckout(environment: environment).settle()
        for id in [first, probe, afterProbe, beforeNextProbe] + skipped {
            #expect(try await state(id) == .failed)
        }
    }
}
