import Foundation
import Hardware
import POSFoundation
import Storage
import TerminalSimulator
import Testing
@testable import Yosemite

/// One card operation per reader: a busy reader is refused (never misreported as unresolved), and a live
/// attempt is never resolved by anyone but its own operation.
@MainActor
struct ReaderLockTests {
    private static let since = Date(timeIntervalSince1970: 1_790_000_000)

    /// Takes the harness's `sim://` reader as another process would.
    private func holdReader(_ harness: CardPaymentTestHarness, attempt: String?) throws(CardPaymentError) -> ReaderLock {
        try ReaderLock.acquire(reader: "sim://", in: harness.environment.dataDirectory,
                               holder: ReaderLock.Holder(attemptId: attempt, operation: "payment", pid: 4242, since: Self.since))
    }

    @Test func collectPayment_readerHeldByAnotherProcess_refusedBusyNamingItsAttemptAndNothingStarts() async throws {
        // Given
        let harness = try await CardPaymentTestHarness()
        let order = try await harness.openSale()
        let other = try holdReader(harness, attempt: "live-1")

        // When
        let refused = await harness.collect(order.id)
        other.release()
        let paid = await harness.collect(order.id)

        // Then: refused before the journal or the terminal saw anything, with the holder named and no advice to
        // resolve; once the holder is gone the same order is paid once
        guard case .failure(let error) = refused, case .readerBusy(let reader, let holder) = error else {
            Issue.record("expected busy, got \(refused)")
            return
        }
        #expect(reader == "sim://")
        #expect(holder == ReaderLock.Holder(attemptId: "live-1", operation: "payment", pid: 4242, since: Self.since))
        #expect(error.message.contains("is busy with attempt live-1 (process 4242, since "))
        #expect(error.message.range(of: #"since \d\d:\d\d:\d\d\)"#, options: .regularExpression) != nil, "\(error.message)")
        #expect(!error.recoverySuggestion.contains("resolve") && !error.recoverySuggestion.contains("charged"))
        _ = try paid.get()
        #expect(try await harness.journal().map(\.state) == [.approved])
        #expect(harness.readers.ledger.approvals.count == 1)
    }

    @Test func resolve_whileThePaymentIsLive_refusedBusyThenThePaymentRecordsItsOwnApprovalOnce() async throws {
        // Given: a payment the terminal holds (acknowledged, not yet approved)
        let harness = try await CardPaymentTestHarness(script: TerminalScript(outcomes: [.approveWhenReleased], prompts: []))
        let order = try await harness.openSale()
        let payment = Task { await harness.collect(order.id) }
        var announced = harness.readers.announcements.makeAsyncIterator()
        let waiting = await announced.next()
        let live = try #require(try await harness.journal().first)

        // When: resolving it with the terminal, and by hand, while it runs
        let withTerminal = await harness.result { CardPresentPaymentAction.resolveUnknownOutcomes(reader: "sim://", reply: $0) }
        let byHand = await harness.result {
            CardPresentPaymentAction.markResolvedByHand(attemptId: live.attemptId, charged: false, note: "looks stuck", reply: $0)
        }
        let listed = try await harness.result { CardPresentPaymentAction.loadUnresolved(reply: $0) }.get()
        let whileLive = try await harness.journal()
        await harness.readers.release.open()
        let sale = try await payment.value.get()

        // Then: both refused as busy with that attempt and this process; the row untouched until its own payment
        // recorded the approval; one charge
        #expect(waiting?.hasPrefix("HOLD waiting payment") == true)
        #expect(live.state == .requestSent)
        for refused in [withTerminal.map { _ in () }, byHand.map { _ in () }] {
            guard case .failure(.readerBusy(_, let holder)) = refused else { Issue.record("expected busy, got \(refused)"); continue }
            #expect(holder?.attemptId == live.attemptId)
            #expect(holder?.pid == getpid())
        }
        #expect(whileLive.map(\.state) == [.requestSent])
        guard case .inProgress(let holder)? = listed.first?.outcome else { Issue.record("expected in progress: \(listed)"); return }
        #expect(holder?.attemptId == live.attemptId && holder?.pid == getpid())
        #expect(sale.attemptId == live.attemptId && !sale.recoveredFromEarlierAttempt)
        #expect(try await harness.journal().map(\.state) == [.approved])
        #expect(harness.readers.ledger.approvals.count == 1)
    }

    @Test func readerLock_releasedByItsHolder_isFreeAndItsFileNamesTheReader() async throws {
        // Given
        let harness = try await CardPaymentTestHarness()
        let first = try holdReader(harness, attempt: nil)

        // When
        let second = Result { () throws(CardPaymentError) in try holdReader(harness, attempt: nil) }
        first.release()
        let third = Result { () throws(CardPaymentError) in try holdReader(harness, attempt: nil) }

        // Then
        guard case .failure(.readerBusy(_, let holder)) = second else { Issue.record("expected busy, got \(second)"); return }
        #expect(holder?.attemptId == nil && holder?.operation == "payment")
        #expect(CardPaymentError.readerBusy(reader: "sim://", holder: holder).message.contains("busy with a payment (process 4242"))
        _ = try third.get()
        #expect(ReaderLock.fileName(reader: "zvt+tcp://10.0.0.5:20007") == "reader-zvt_tcp___10.0.0.5_20007.lock")
    }
}
