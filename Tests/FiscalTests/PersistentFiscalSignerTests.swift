import Foundation
import Localization
import POSFoundation
import Testing
import TSESimulator
import Yosemite

/// The demo store's TSE across processes: the state file, the lock, idempotent calls, the outage switch.
@Suite("persistent simulated TSE")
struct PersistentFiscalSignerTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("pos-tse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func signer() -> PersistentFiscalSigner { PersistentFiscalSigner(directory: directory, clientSerial: "POS-TILL-1") }

    static let sale = FiscalReceiptData(type: .beleg, amountsPerVATRate: [.normal: Money(minorUnits: 500, currency: .eur)],
                                        payments: [FiscalPayment(kind: .cash, amount: Money(minorUnits: 500, currency: .eur))])

    @Test("the key and counters outlive the signer; the state file is 0600")
    func stateOutlivesTheSigner() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try await signer().start(FiscalStartRequest(saleID: "a", mode: .demo))
        let signature = try await signer().finish(first, receipt: Self.sale)
        let second = try await signer().start(FiscalStartRequest(saleID: "b", mode: .demo))
        #expect(first.number == 1 && second.number == 2)
        #expect(second.signatureCounter == signature.signatureCounter + 1)
        #expect(try await signer().identity().publicKey == signature.publicKey)
        #expect(try SimulatedTSETests.verifyFinish(signature))
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(PersistentFiscalSigner.fileName).path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test("a transaction ends through the client it was started by, whatever register the till is set to by then")
    func finishUsesTheClientTheTransactionWasStartedBy() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        // Given a sale's transaction started on register K2, and another on K2 to cancel
        let onK2 = PersistentFiscalSigner(directory: directory, clientSerial: "K2")
        let sale = try await onK2.start(FiscalStartRequest(saleID: "a", mode: .demo))
        let voided = try await onK2.start(FiscalStartRequest(saleID: "b", mode: .demo))
        #expect(sale.clientID == "K2" && sale.clientSerial == "K2")

        // When the till's register is K9 by the time they end
        let onK9 = PersistentFiscalSigner(directory: directory, clientSerial: "K9")
        let signature = try await onK9.finish(sale, receipt: Self.sale)
        let cancelled = try await onK9.cancel(voided, kind: .abandoned)

        // Then both are signed (no wrongClient), as K2's
        #expect(signature.clientSerial == "K2" && signature.qrCodeData.hasPrefix("V0;K2;"))
        #expect(cancelled.clientSerial == "K2")
        #expect(try SimulatedTSETests.verifyFinish(signature))
        // And a transaction journaled before the client was recorded ends through the signer's own client
        var legacy = try await onK9.start(FiscalStartRequest(saleID: "c", mode: .demo))
        legacy.clientID = nil
        legacy.clientSerial = nil
        #expect(try await onK9.finish(legacy, receipt: Self.sale).clientSerial == "K9")
    }

    @Test("many signers at once never hand out the same transaction number or signature counter")
    func concurrentSignersShareTheCounters() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let transactions = try await withThrowingTaskGroup(of: FiscalTransaction.self) { group in
            for index in 0..<16 {
                group.addTask { try await signer().start(FiscalStartRequest(saleID: "sale-\(index)", mode: .demo)) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(transactions.map(\.number)) == Set(1...16))
        #expect(Set(transactions.map(\.signatureCounter)) == Set(1...16))
    }

    @Test("start and finish repeated for a sale return the same transaction and signature; nothing is signed twice")
    func repeatedCallsAreIdempotent() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let open = try await signer().start(FiscalStartRequest(saleID: "a", mode: .demo))
        #expect(try await signer().start(FiscalStartRequest(saleID: "a", mode: .demo)) == open)
        let signature = try await signer().finish(open, receipt: Self.sale)
        let counter = try signer().snapshot().signatureCounter
        #expect(try await signer().finish(open, receipt: Self.sale) == signature)
        #expect(try signer().snapshot().signatureCounter == counter)
    }

    @Test("switched off, every call is an outage; switched on, it signs again")
    func outageSwitch() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try signer().setDown(true)
        #expect(try signer().isDown())
        await #expect(throws: FiscalError.self) { try await signer().start(FiscalStartRequest(saleID: "a", mode: .demo)) }
        do {
            _ = try await signer().start(FiscalStartRequest(saleID: "a", mode: .demo))
        } catch {
            // Stored as a code, rendered in the language of the document it appears on
            #expect(error.outage.flatMap { FiscalCause(stored: $0.cause) } == FiscalCause(.simulatorOff))
            #expect(error.outage?.causeText(in: .of(.english)) == "the simulated TSE is switched off")
            #expect(error.outage?.causeText(in: .of(.german)) == "die simulierte TSE ist ausgeschaltet")
        }
        try signer().setDown(false)
        #expect(try await signer().start(FiscalStartRequest(saleID: "a", mode: .demo)).number == 1)
    }

    @Test("the TSE is created once: its identity is the same from the first call, before anything was signed")
    func identityIsStableFromTheFirstCall() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try await signer().identity()
        let second = try await PersistentFiscalSigner(directory: directory, clientSerial: "K2").identity()
        #expect(first.serial == second.serial && first.publicKey == second.publicKey)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(PersistentFiscalSigner.fileName).path))
        let signature = try await signer().finish(try await signer().start(FiscalStartRequest(saleID: "a", mode: .demo)),
                                                  receipt: Self.sale)
        #expect(signature.tseSerial == first.serial && signature.publicKey == first.publicKey)
    }

    @Test("the simulated TSE knows several clients: a registered register and every register that signed")
    func severalClients() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        // Given register POS-TILL-1 signing, then K2 registered and signing, then K3 signing unregistered
        let sale = try await signer().start(FiscalStartRequest(saleID: "a", mode: .demo))
        let k2 = PersistentFiscalSigner(directory: directory, clientSerial: "K2")
        let registered = try k2.registerClient()
        #expect(registered.id == "K2" && registered.serial == "K2")
        #expect(try k2.registerClient() == registered, "registering again changes nothing")
        let onK2 = try await k2.start(FiscalStartRequest(saleID: "b", mode: .demo))
        let k3 = PersistentFiscalSigner(directory: directory, clientSerial: "K3")
        let onK3 = try await k3.start(FiscalStartRequest(saleID: "c", mode: .demo))

        // Then each transaction is signed through its own client, none refused
        #expect(try await k3.finish(sale, receipt: Self.sale).clientSerial == "POS-TILL-1")
        #expect(try await signer().finish(onK2, receipt: Self.sale).clientSerial == "K2")
        #expect(try await k2.finish(onK3, receipt: Self.sale).clientSerial == "K3")
        // And the TSE reports all three, and each signer's own as its client
        let identity = try await k2.identity()
        #expect(identity.clients.map(\.serial).sorted() == ["K2", "K3", "POS-TILL-1"])
        #expect(identity.client?.serial == "K2")
        // And a start for a sale opened under another client goes through that client
        let reopened = try await k3.start(FiscalStartRequest(saleID: "d", mode: .demo, clientID: "K2"))
        #expect(reopened.clientID == "K2")
    }
}
