import Hardware
import TerminalSimulator
import Testing

/// The fault matrix: each protocol step × {timeout, dropped line, garbage, NAK storm, pos killed}, for
/// ZVT over TCP and serial and for Concert, through the real driver and service against the simulator. Each cell
/// ends in its defined state (docs/hardware.md), never charges twice, and never loses an approval.
///
/// The time limit is a hang guard, not a speed check: all 90 cells start at once beside the rest of the package,
/// so a cell's wall time follows the whole run on a loaded 2-core machine (the matrix took 54-68 s in full runs at
/// load 12); alone it takes under a second.
@Suite(.timeLimit(.minutes(5)))
struct FaultMatrixTests {
    @Test(arguments: FaultMatrixCell.all)
    func payment_faultAtStep_endsInDefinedStateWithoutDoubleChargeOrLostApproval(_ cell: FaultMatrixCell) async throws {
        // Given
        let runner = FaultMatrixRunner(cell: cell)

        // When
        let observed = try await runner.run()

        // Then
        #expect(observed.endState == FaultMatrixTable.expected(cell))
        #expect(observed.charges <= 1, "charged twice")
        #expect(observed.transactions <= 1, "the payment reached the terminal twice")
        if observed.charges == 1 {
            #expect([.approved, .unknownThenApproved, .unknownKept].contains(observed.endState), "approval lost")
            if let result = observed.result, let booked = observed.booked {
                #expect(result.amount == booked.amount, "the approval returned is the one booked")
                if cell.line != .concert { #expect(result.receiptNumber == booked.receiptNumber) }
            }
        } else {
            #expect(![.approved, .unknownThenApproved].contains(observed.endState), "approved without a charge")
        }
    }

    @Test(arguments: TerminalFaultCell.all)
    func payment_terminalFault_endsInDefinedStateRecordingTheBookedApprovalOnce(_ cell: TerminalFaultCell) async throws {
        // Given
        let runner = TerminalFaultRunner(cell: cell)

        // When
        let observed = try await runner.run()

        // Then
        #expect(observed.endState == FaultMatrixTable.expected(cell))
        #expect(observed.charges <= 1, "charged twice")
        #expect(observed.transactions <= 1, "the payment reached the terminal twice")
        let limit = cell.fault.endsWithin(runner.timeouts)
        #expect(observed.silence.map { $0 <= limit } == true, "ended \(String(describing: observed.silence)) after the last byte")
        if observed.charges == 1 {
            #expect(observed.endState == .approved, "approval lost")
            #expect(observed.result?.amount == observed.booked?.amount, "the approval returned is the one booked")
            #expect(observed.result?.receiptNumber == observed.booked?.receiptNumber)
        } else {
            #expect(observed.endState != .approved, "approved without a charge")
        }
    }

    @Test func documentation_faultMatrixBlock_matchesTheTestedTable() throws {
        // Given
        let rendered = FaultMatrixTable.markdown

        // When
        let documented = try FaultMatrixTable.documentedBlock()

        // Then
        #expect(documented == rendered, "docs/hardware.md's fault matrix differs; paste:\n\(rendered)")
    }
}
