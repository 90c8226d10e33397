import Foundation
import Hardware
import HardwareTestSupport
import POSFoundation
import Storage
import Synchronization
import TerminalSimulator
import Testing
@testable import Yosemite
import YosemiteTestSupport

/// Closing a shift runs the card terminal's end of day (the simulator's batch) and puts its totals beside the
/// drawer's in the Z report, flagging a batch that does not match the card sales the shift recorded.
@MainActor
struct ShiftTerminalClosingTests {
    @Test func close_runsTheTerminalsEndOfDay_totalsMatchTheShiftsCardSales() async throws {
        // Given: two card sales on the simulated terminal in the shift
        let harness = try await CardPaymentTestHarness()
        _ = try await harness.result { ShiftAction.open(float: "100.00", cashier: "Ada", reply: $0) }.get()
        for _ in 0..<2 {
            let sale = try await harness.openSale()
            _ = try await harness.collect(sale.id).get()
        }

        // When
        let outcome = try await harness.result { ShiftAction.close(counted: "100.00", printer: nil, reply: $0) }.get()

        // Then: the terminal's batch equals the two sales, per brand too, and it is stored with the report
        let closing = try #require(outcome.report.terminalClosing)
        #expect(closing.didRun && !closing.isMismatch)
        #expect(closing.reader == "sim://")
        #expect(closing.total == outcome.report.cardTaken && closing.expectedTotal == outcome.report.cardTaken)
        #expect(outcome.report.cardTaken > 0)
        #expect(closing.count == 2 && closing.expectedCount == 2)
        #expect(closing.cardTotals == [TerminalBatchReport.CardTotal(brand: "mastercard", count: 2, amount: outcome.report.cardTaken)])
        #expect(harness.readers.ledger.openBatch.isEmpty)
        let stored = try await harness.result { ShiftAction.report(shiftId: nil, reply: $0) }.get()
        #expect(stored.terminalClosing == closing)
        let text = try #require(try await harness.database.lastClosedShift()?.reportText)
        #expect(text.contains("Terminal total (2)") && text.contains("matches"))
        let rows = outcome.report.rows { $0.decimalString }
        #expect(rows.contains { $0.label == "  Shift card total (2)" })
    }

    @Test func close_paymentKeyedOnTheTerminalAlone_mismatchFlagged() async throws {
        // Given: one card sale through pos, and one payment of 7.00 the terminal approved that pos never asked for
        // (keyed on the terminal's own keypad: it is in the batch, not in the shift)
        let harness = try await CardPaymentTestHarness()
        _ = try await harness.result { ShiftAction.open(float: "0", cashier: "Ada", reply: $0) }.get()
        let sale = try await harness.openSale()
        _ = try await harness.collect(sale.id).get()
        let keyed = harness.readers.makeService(.eur)
        _ = try await keyed.connect(try ReaderAddress("sim://"))
        for try await progress in keyed.collectPayment(PaymentRequest(amount: Money(minorUnits: 700, currency: .eur), reference: "keyed")) {
            if case .completed = progress { break }
        }
        await keyed.disconnect()

        // When
        let outcome = try await harness.result { ShiftAction.close(counted: "0", printer: nil, reply: $0) }.get()

        // Then
        let closing = try #require(outcome.report.terminalClosing)
        #expect(closing.isMismatch)
        #expect(closing.totalDifference == 700 && closing.countDifference == 1)
        #expect(closing.total == outcome.report.cardTaken + 700)
        let summary = closing.summary { Money(minorUnits: $0, currency: .eur).decimalString }
        #expect(summary.hasPrefix("MISMATCH") && summary.contains("+7.00") && summary.contains("2 vs 1 transactions"))
        #expect(outcome.report.rows { $0.decimalString }.contains { $0.label == "  MISMATCH" && $0.value == "7.00" })
    }

    @Test func close_terminalUnreachable_shiftClosesAndTheEndOfDayRunsLater() async throws {
        // Given: a card sale, then the terminal's line goes down
        let reachable = LockedBox(true)
        let harness = try await CardPaymentTestHarness(makeService: { readers in
            let live = readers.makeDriver
            return { currency in
                let driver = live(currency)
                return DefaultCardReaderService(makeDriver: { address throws(CardReaderError) in
                    guard reachable.locked({ $0 }) else {
                        throw CardReaderError(phase: .connection, underlying: .transportFailed)
                    }
                    return try driver(address)
                })
            }
        })
        _ = try await harness.result { ShiftAction.open(float: "0", cashier: "Ada", reply: $0) }.get()
        let sale = try await harness.openSale()
        _ = try await harness.collect(sale.id).get()
        _ = try await harness.result { CardPresentPaymentAction.disconnect(reply: $0) }.get()
        reachable.locked { $0 = false }

        // When
        let outcome = try await harness.result { ShiftAction.close(counted: "0", printer: nil, reply: $0) }.get()

        // Then: closed, the report saying the end of day did not run and why
        #expect(try await harness.result { ShiftAction.loadCurrent(reply: $0) }.get() == nil)
        let closing = try #require(outcome.report.terminalClosing)
        #expect(!closing.didRun && closing.failure != nil && closing.total == nil)
        #expect(outcome.report.rows { $0.decimalString }.contains { $0.label == "  End of day" && $0.value == "NOT RUN" })
        #expect(try await harness.database.lastClosedShift()?.reportText?.contains("NOT RUN") == true)

        // When: the terminal is back and the end of day runs for the closed shift
        reachable.locked { $0 = true }
        let later = try await harness.result { ShiftAction.endOfDay(shiftId: nil, printer: nil, reply: $0) }.get()

        // Then
        let ran = try #require(later.report.terminalClosing)
        #expect(ran.didRun && !ran.isMismatch && ran.total == later.report.cardTaken && ran.count == 1)
        #expect(try await harness.result { ShiftAction.report(shiftId: nil, reply: $0) }.get().terminalClosing == ran)
        #expect(await harness.result { ShiftAction.endOfDay(shiftId: nil, printer: nil, reply: $0) }
            == .failure(.endOfDayAlreadyRan(shiftId: later.report.shiftId)))
    }
}
