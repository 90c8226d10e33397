import Foundation
import GRDB
import Hardware
import POSFoundation
import Storage
import TerminalSimulator
import Testing
@testable import Yosemite

/// `pos reader pay|refund|reverse|end-of-day` as journalled operations without a sale.
@MainActor
struct TerminalOperationsTests {
    private func pay(_ harness: CardPaymentTestHarness, _ minor: Int64) async -> Result<TerminalPayment, CardPaymentError> {
        await harness.result {
            CardPresentPaymentAction.payWithoutSale(amount: Money(minorUnits: minor, currency: .eur), reference: "T-1", reader: "sim://",
                                                    prompts: { _ in }, reply: $0)
        }
    }

    private func outboxCount(_ harness: CardPaymentTestHarness) async throws -> Int {
        try await harness.database.read { db in try OutboxRecord.fetchCount(db) }
    }

    @Test func payWithoutSale_approved_journalsOneRowWithoutOrderAndQueuesNothing() async throws {
        // Given
        let harness = try await CardPaymentTestHarness()

        // When
        let payment = try await pay(harness, 1250).get()

        // Then
        let journal = try await harness.journal()
        #expect(journal.count == 1)
        #expect(journal[0].attemptId == payment.attemptId)
        #expect(journal[0].orderId == nil && journal[0].kind == "sale" && journal[0].state == .approved)
        #expect(journal[0].amountMoney == Money(minorUnits: 1250, currency: .eur))
        #expect(journal[0].receiptNumber == payment.result.receiptNumber)
        #expect(try await outboxCount(harness) == 0)
        #expect(harness.readers.ledger.approvals.map(\.amount.minorUnits) == [1250])
    }

    @Test func payWithoutSale_lineDroppedAfterApproval_unknownThenResolvedOnceAsATerminalPayment() async throws {
        // Given: the terminal approves, then drops the line before reporting
        let harness = try await CardPaymentTestHarness(script: TerminalScript(outcomes: [.drop], prompts: []))

        // When
        let first = await pay(harness, 700)
        let resolved = try await harness.result { CardPresentPaymentAction.resolveUnknownOutcomes(reader: "sim://", reply: $0) }.get()
        let again = try await harness.result { CardPresentPaymentAction.resolveUnknownOutcomes(reader: "sim://", reply: $0) }.get()

        // Then: recorded once as a payment without a sale (not as an orphaned sale approval), charged once
        guard case .failure(.outcomeUnknown(let attempt, _)) = first else { Issue.record("expected unknown, got \(first)"); return }
        #expect(resolved.map(\.attemptId) == [attempt])
        guard case .approved = resolved.first?.outcome else { Issue.record("expected approved: \(resolved)"); return }
        #expect(again.isEmpty)
        let row = try #require(try await harness.journal().first)
        #expect(row.state == .approved && row.orderId == nil && row.note == "found by resolution")
        #expect(try await outboxCount(harness) == 0)
        #expect(harness.readers.ledger.approvals.count == 1)
    }

    @Test func reverseAndRefundWithoutSale_journalledAndNothingQueued() async throws {
        // Given
        let harness = try await CardPaymentTestHarness()
        let payment = try await pay(harness, 990).get()
        let receipt = try #require(payment.result.receiptNumber)

        // When
        let reversal = try await harness.result {
            CardPresentPaymentAction.reverse(receipt: receipt, amount: nil, reader: "sim://", prompts: { _ in }, reply: $0)
        }.get()
        let refund = try await harness.result {
            CardPresentPaymentAction.refundWithoutSale(amount: Money(minorUnits: 300, currency: .eur), reader: "sim://",
                                                       prompts: { _ in }, reply: $0)
        }.get()
        let unknownReceipt = await harness.result {
            CardPresentPaymentAction.reverse(receipt: 9999, amount: nil, reader: "sim://", prompts: { _ in }, reply: $0)
        }

        // Then
        #expect(reversal.amount.minorUnits == 990 && reversal.attemptId != nil && reversal.outboxEntryId == nil)
        #expect(refund.card != nil && refund.outboxEntryId == nil)
        guard case .failure(.invalidRefund) = unknownReceipt else { Issue.record("expected refusal, got \(unknownReceipt)"); return }
        let journal = try await harness.journal()
        #expect(journal.map(\.kind) == ["sale", "reversal", "refund"])
        #expect(journal.allSatisfy { $0.state == .approved && $0.orderId == nil })
        #expect(try await outboxCount(harness) == 0)
        #expect(harness.readers.ledger.transactions.map(\.kind) == [.payment, .reversal, .refund])
    }

    @Test func endOfDay_journalledWithTheBatchTotal() async throws {
        // Given
        let harness = try await CardPaymentTestHarness()
        _ = try await pay(harness, 500).get()

        // When
        let report = try await harness.result { CardPresentPaymentAction.endOfDay(reader: "sim://", reply: $0) }.get()

        // Then
        let row = try #require(try await harness.journal().last)
        #expect(row.kind == "endOfDay" && row.state == .approved && row.orderId == nil && row.receiptNumber == nil)
        #expect(report.total?.minorUnits == 500)
        #expect(row.note == "batch total 5.00")
    }
}
