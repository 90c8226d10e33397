import Foundation
import POSFoundation
import Storage
import Testing
import TSESimulator
import Yosemite
import YosemiteTestSupport

/// Refunds are their own TSE transactions (KassenSichV: every Vorgang at the till): the real `pos` binary refunds
/// a cash sale twice (once with the TSE down); each refund is signed (or failed in the outage) as a `Beleg` with
/// negative amounts, its receipt is printed and stored with its own TSE block the moment it is made (reprintable
/// with `pos receipt reprint N --refund`), and the export holds it as its own Bon.
extension DemoFiscalEndToEndTests {
    @Test("a refund is its own TSE transaction: negative amounts, its receipt's TSE block, settled once, exported as its own Bon")
    func refund_signedAsItsOwnTransaction() async throws {
        defer { data.remove() }
        // Given the demo store and a cash sale at 19 % (2.20) and 7 % (3.60)
        #expect(try await pos([]).status == 0)
        let order = try await sell(["--item", "COF-ESP", "--item", "BAK-CRO:2", "--pay", "cash"])

        // When 2.00 of it is refunded in cash, then the rest with the TSE switched off
        let first = try await pos(["refund", String(order), "--amount", "2.00"])
        #expect(first.status == 0, "\(first.stderr)")
        // (its receipt printed and stored at once; a copy prints with reprint --refund)
        #expect(first.text.contains("pos receipt reprint \(order) --refund"), "\(first.text)")
        let copies = data.url.appendingPathComponent("refund-copies")
        let reprint = try await pos(["receipt", "reprint", String(order), "--refund", "--printer", "file:\(copies.path)"])
        #expect(reprint.status == 0, "\(reprint.stderr)")
        let copyName = try #require(try FileManager.default.contentsOfDirectory(atPath: copies.path).first)
        let copy = try String(contentsOf: copies.appendingPathComponent(copyName), encoding: .utf8)
        #expect(try await pos(["fiscal", "simulate-outage", "on"]).status == 0)
        let second = try await pos(["refund", String(order)])
        #expect(second.status == 0, "the TSE never stops a refund: \(second.stderr)")
        #expect(try await pos(["fiscal", "simulate-outage", "off"]).status == 0)
        #expect(try await pos(["fiscal", "status"]).status == 0, "finds the TSE back: the outage ends")
        // And pos fiscal status counts the refunds beside the sale: one signed, one failed in the outage
        let status = try await pos(["fiscal", "status", "--json"])
        #expect(status.status == 0, "\(status.stderr)")
        let counts = try #require((try JSONSerialization.jsonObject(with: status.stdout) as? [String: Any])?["counts"] as? [String: Any])
        #expect(counts["signed"] as? Int == 1, "the sale")
        let refunds = try #require(counts["refunds"] as? [String: Any], "\(counts)")
        #expect(refunds["signed"] as? Int == 1 && refunds["failed"] as? Int == 1 && refunds["pending"] as? Int == 0, "\(refunds)")
        #expect((counts["cashMovements"] as? [String: Any])?["signed"] as? Int == 0)
        #expect(try await pos(["fiscal", "status"]).text.contains("Refunds: signed: 1, unsigned during outages: 1, pending: 0"))

        // Then the first refund is signed as a Beleg with negative amounts per rate and a negative cash payment
        let environment = try environment()
        let movements = try await environment.database.unsettledFiscalMovements()
        #expect(movements.isEmpty)
        let close = try await pos(["shift", "close", "--counted", "0.00"])
        #expect(close.status == 0, "\(close.stderr)")
        let export = try await FiscalService(environment: environment)
            .export(from: Date(timeIntervalSinceNow: -86_400), to: Date(timeIntervalSinceNow: 86_400))
        let receipts = try #require(export.closings.first?.receipts)
        #expect(receipts.count == 3, "the sale and its two refunds, each its own Bon")
        let sale = try #require(receipts.first?.signature)
        let refund = try #require(receipts[1].signature, "the refund is not signed: \(receipts[1].tseError)")
        #expect(refund.processType == "Kassenbeleg-V1")
        #expect(refund.processData == "Beleg^-0.76_-1.24_0.00_0.00_0.00^-2.00:Bar")
        #expect(refund.qrCodeData.hasPrefix("V0;POS-DEMO-1;Kassenbeleg-V1;Beleg^-0.76_-1.24_"))
        #expect(try SimulatedTSETests.verifyFinish(refund), "the refund's signature does not verify")
        #expect(refund.transactionNumber == sale.transactionNumber + 1, "its own TSE transaction")
        // Each is its own Bon with its own number in the register's series: the sale 1, the refunds 2 and 3
        #expect(receipts.map(\.number) == [1, 2, 3] && order == 1)
        #expect(receipts[1].payments.map(\.amount.minorUnits) == [-200])
        #expect(receipts[1].lines.map(\.gross.minorUnits) == [-76, -124])
        #expect(receipts[2].lines.map(\.gross.minorUnits) == [-144, -236])
        // And the second, made while the TSE was down, failed in the outage and was never signed afterwards
        #expect(receipts[2].signature == nil)
        #expect(receipts[2].tseError == "TSE ausgefallen: die simulierte TSE ist ausgeschaltet")
        let outages = try await environment.database.fiscalOutages()
        #expect(outages.count == 1 && outages[0].endedAt != nil)

        // And a refund whose signature was lost (crash) is settled on the next start with the same signature
        let counter = try PersistentFiscalSigner(directory: data.url, clientSerial: "").snapshot().signatureCounter
        try await DSFinVKOracleSQL.execute("UPDATE fiscalMovement SET state = 'finishing', signature = NULL WHERE id = 1",
                                     database: data.url.appendingPathComponent("pos.sqlite").path)
        #expect(try await pos(["fiscal", "status"]).status == 0)
        let settled = try await FiscalService(environment: environment)
            .export(from: Date(timeIntervalSinceNow: -86_400), to: Date(timeIntervalSinceNow: 86_400))
        #expect(settled.closings.first?.receipts[1].signature == refund, "signed once: the same signature")
        #expect(try PersistentFiscalSigner(directory: data.url, clientSerial: "").snapshot().signatureCounter == counter)

        // And each refund receipt carries its own TSE block (not the sale's), or says the TSE failed
        let dispatcher = await Dispatcher()
        let store = await ReceiptStore(dispatcher: dispatcher, environment: environment)
        let signedReceipt = try await Self.refundReceipt(order, Money(minorUnits: 200, currency: .eur), dispatcher)
        let squeezed = Self.squeezed(signedReceipt.renderedText)
        for value in [refund.signature, String(refund.transactionNumber), String(refund.signatureCounter),
                      refund.tseSerial, "[QR:" + refund.qrCodeData + "]", "DEMO:simulatedTSE"] {
            #expect(squeezed.contains(value), "the refund receipt lacks \(value):\n\(signedReceipt.renderedText)")
        }
        #expect(!squeezed.contains(sale.signature), "the sale's TSE block is not the refund's")
        // The refund receipt `pos refund` stored and printed carries that block; its reprint says COPY
        let printedFolder = data.url.appendingPathComponent("printed")
        let printed = try FileManager.default.contentsOfDirectory(atPath: printedFolder.path).map {
            try String(contentsOf: printedFolder.appendingPathComponent($0), encoding: .utf8)
        }
        let original = try #require(printed.first { Self.squeezed($0).contains(refund.signature) },
                                    "the refund receipt was not printed when the refund was made")
        #expect(!original.contains("COPY"))
        #expect(copy.contains("COPY") && Self.squeezed(copy).contains(refund.signature), "\(copy)")
        #expect(Self.squeezed(copy).contains("[QR:" + refund.qrCodeData + "]"))
        let failedReceipt = try await Self.refundReceipt(order, Money(minorUnits: 380, currency: .eur), dispatcher)
        #expect(failedReceipt.renderedText.contains("TSE FAILED (TSE ausgefallen)"), "\(failedReceipt.renderedText)")
        withExtendedLifetime(store) {}

        // And the export pos writes holds the refunds as their own Bons, as dsfinvk builds them
        let folder = data.url.appendingPathComponent("export")
        let written = try await pos(["fiscal", "export", "--from", Self.today(), "--to", Self.today(), folder.path])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.text.contains("1 closing(s), 3 receipt(s)"))
        try await expectExportMatchesOracle(settled, written: folder)
    }

    /// Generates the refund receipt of `amount` for the order through the receipt store.
    @MainActor
    static func refundReceipt(_ order: Int, _ amount: Money, _ dispatcher: Dispatcher) async throws
        -> ReceiptRecord {
        try await dispatcher.dispatch {
            ReceiptAction.generateRefund(order: String(order), amount: amount, reason: nil, card: nil, reply: $0)
        }
    }
}
